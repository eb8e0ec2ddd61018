import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// Reads a file the page asks for below a served folder (the snapshots folder) under the
/// folder-handle rules: each URL segment percent-decoded on its own, no `.`/`..`/empty or hidden
/// segment, no `/` or NUL inside one, and every folder and the file opened relative to its parent
/// without following a symbolic link (``FolderHandle``). Anything else is "not found".
enum ServedFile {
  /// The largest file served.
  static let maxBytes = 64 << 20

  /// The decoded segments of `encodedPath` (relative, as it came in the URL), or nil when one is
  /// not a plain name.
  static func segments(_ encodedPath: String) -> [String]? {
    let parts = encodedPath.split(separator: "/", omittingEmptySubsequences: false)
    guard !parts.isEmpty else { return nil }
    var names: [String] = []
    for part in parts {
      guard let name = String(part).removingPercentEncoding, !name.isEmpty, !name.hasPrefix("."),
        !name.contains("/"), !name.contains("\u{0}"), !name.contains("\\")
      else { return nil }
      names.append(name)
    }
    return names
  }

  /// The bytes of the file at `encodedPath` below `root`, or nil (not found, a link, too big,
  /// not a plain path).
  static func read(_ encodedPath: String, below root: FolderHandle) -> Data? {
    guard let names = segments(encodedPath), let file = names.last else { return nil }
    var folder = root
    for name in names.dropLast() {
      guard let child = try? folder.subfolder(name, create: false) else { return nil }
      folder = child
    }
    guard let data = folder.prefix(ofFile: file, limit: maxBytes + 1), data.count <= maxBytes
    else { return nil }
    return data
  }

  /// The answer for `/snapshots/PATH`: a snapshots folder arrives through pull requests, so its
  /// files are data only. PNG and JSON are served under a policy that runs nothing
  /// (`Content-Security-Policy: sandbox`, with the gate's `nosniff`); any other kind (HTML, SVG,
  /// script…) is refused, so nothing in the folder runs as the workbench's page.
  static func snapshot(_ encodedPath: String, below root: FolderHandle) -> HTTPServer.Response? {
    guard let name = segments(encodedPath)?.last else { return nil }
    let type = contentType(of: name)
    guard type == "image/png" || type == "application/json" else {
      return .text(403, "only .png and .json files are served below /snapshots/")
    }
    return read(encodedPath, below: root).map {
      HTTPServer.Response(
        status: 200, contentType: type, body: $0,
        headers: [("Content-Security-Policy", "sandbox; default-src 'none'")])
    }
  }

  /// The `Content-Type` for a file name.
  static func contentType(of name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "png": "image/png"
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    default: "application/octet-stream"
    }
  }
}
