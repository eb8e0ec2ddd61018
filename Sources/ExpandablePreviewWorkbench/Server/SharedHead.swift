import Foundation

/// The start of every page's `<head>` (doctype, charset, viewport, icon, the shared style
/// sheet), kept once in `head.html`: a page that begins with the marker line gets it in the
/// marker's place when the pages are read, and adds its own title, styles and script after it.
enum SharedHead {
  static let fileName = "head.html"
  static let marker = Data("<!-- head.html -->\n".utf8)

  /// `files` with each page's marker replaced by the shared head.
  static func expanding(_ files: [String: Data]) -> [String: Data] {
    guard let head = files[fileName] else { return files }
    return files.mapValues { page in
      page.starts(with: marker) ? head + page.dropFirst(marker.count) : page
    }
  }
}
