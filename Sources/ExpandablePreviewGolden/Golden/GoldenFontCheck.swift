import ExpandablePreview
import Foundation

/// Compares the font files a golden was recorded with (kept in the folder's
/// ``Fingerprint/goldens``) with the files a render on this machine used and has.
public enum GoldenFontCheck {
  /// One line per difference, naming the file and the Debian package that installs it:
  /// a recorded file missing from this machine's font set, a file whose bytes differ, and then
  /// (as context) each file this render used that the golden was not recorded with. Empty when
  /// the golden's files are all here unchanged — a file used now and not then is the new
  /// content's (an emoji added to the text), not this machine's — or when the fingerprint does
  /// not list the golden's fonts.
  ///
  /// - Parameters:
  ///   - path: the golden's path in the snapshots folder.
  ///   - recorded: the folder's fingerprint before the run; nil when it has none.
  ///   - usedNow: the font files this render drew with (`RenderResult/fontFiles`).
  ///   - available: every font file of the renderer's set (`Renderer/pinnedFontFiles`).
  public static func differences(
    golden path: String, recorded: Fingerprint?, usedNow: [String], available: [String]
  ) throws -> [String] {
    guard let recorded, let names = recorded.goldens[path] else { return [] }
    let availableByName = Dictionary(
      available.map { (URL(fileURLWithPath: $0).lastPathComponent, $0) }
    ) { first, _ in first }
    var lines: [String] = []
    for name in names {
      let then = recorded.font(named: name)
      let description =
        then?.described
        ?? "\(name)\(StandardFonts.package(ofFileNamed: name).map { " (Debian package \($0))" } ?? "")"
      guard let here = availableByName[name] else {
        lines.append("\(description) is missing on this machine")
        continue
      }
      let now = try FontFileCache.shared.fontFile(at: here)
      if let then, now.sha256 != then.sha256 {
        lines.append(
          "\(description) differs: sha256 \(now.sha256.prefix(12)) here, "
            + "\(then.sha256.prefix(12)) when recorded")
      }
    }
    // Only a recorded file missing or changed says the machine differs.
    guard !lines.isEmpty else { return [] }
    let recordedNames = Set(names)
    for file in Set(usedNow).sorted()
    where !recordedNames.contains(
      URL(fileURLWithPath: file).lastPathComponent)
    {
      let now = try FontFileCache.shared.fontFile(at: file)
      lines.append("\(now.described) drew this image but not the golden")
    }
    return lines
  }
}
