import ExpandablePreview
import ExpandablePreviewGolden

/// Whether a path in a snapshots folder is one `verify` can have written: `<item>/<file>`,
/// the item a valid item name (``ItemName``) and the file exactly as ``FileName/png(state:variant:matrix:)``
/// spells one (`<state>[-<value>…]@<scale>x.png`, the parts of ``VariantAxis/all``, same case),
/// or such a golden's layout record (`…@<scale>x.layout.json`).
/// `--prune` deletes nothing else: not `Logo.PNG`, `a/COLLAPSED@2X.PNG` or
/// `a/collapsed@2x.png.orig.png`.
package enum ToolGoldenPath {
  package static func isToolsOwn(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, isItemFolder(String(parts[0])) else { return false }
    let name = String(parts[1])
    // A golden's layout record (`collapsed@2x.layout.json`) is the tool's when its golden's
    // name is.
    if name.hasSuffix(LayoutRecord.fileSuffix) {
      return isPNGName(String(name.dropLast(LayoutRecord.fileSuffix.count)) + ".png")
    }
    return isPNGName(name)
  }

  /// Whether `folder` (relative to the snapshots folder) is an item's folder.
  package static func isItemFolder(_ folder: String) -> Bool {
    !folder.contains("/") && ItemName.problem(with: folder) == nil
  }

  static func isPNGName(_ name: String) -> Bool { parts(ofPNGName: name) != nil }

  /// What the PNG name `name` says (``FileNameParts/parts(ofStem:scale:)``), or nil when it is
  /// not one ``FileName`` writes.
  static func parts(ofPNGName name: String) -> FileNameParts? {
    guard name.hasSuffix("x.png"), let at = name.lastIndex(of: "@") else { return nil }
    let scale = name[name.index(after: at)..<name.index(name.endIndex, offsetBy: -5)]
    guard let number = Int(scale), number > 0, String(number) == scale else { return nil }
    return FileNameParts.parts(ofStem: name[..<at], scale: number)
  }
}
