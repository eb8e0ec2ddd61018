import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// Whether `render` may replace a report file already in its output folder: only one it wrote
/// itself (on an earlier run), so a hand-made `index.html` or `layout.json` in a folder given
/// as `--out` is never lost. Images keep their names' own rule (`<state>@<scale>x.png` in an
/// item's folder) and are replaced.
enum OutputOwnership {
  /// The mark every gallery carries; galleries written before it are known by their title.
  static let galleryMark = #"<meta name="generator" content="expandable-preview">"#
  private static let olderGalleryTitle = "<title>ExpandablePreview: "

  /// Nil when `name` may be written in `folder` (absent, or written by this tool), else why not.
  static func problem(replacing name: String, in folder: FolderHandle) -> String? {
    guard let head = folder.prefix(ofFile: name, limit: 4096) else {
      // Nothing there, or something that is not a regular file: the atomic write reports that.
      return nil
    }
    return problem(replacing: name, startingWith: head)
  }

  /// Nil when the file `name` whose first bytes (4,096 are enough) are `head` was written by
  /// this tool, else why it must not be replaced.
  static func problem(replacing name: String, startingWith head: Data) -> String? {
    let text = String(decoding: head.prefix(4096), as: UTF8.self)
    let ours =
      name.hasSuffix(".html")
      ? text.contains(galleryMark) || text.contains(olderGalleryTitle)
      : text.contains(#""renders" : ["#) && text.contains(#""name" : "#)
    return ours
      ? nil
      : "not replaced: the \(name) there was not written by expandable-preview; render into a "
        + "new or empty folder, or remove it"
  }
}
