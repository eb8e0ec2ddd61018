import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Reads a manifest for `render` and `verify`: every decoding error is printed, and the
/// manifest's `fonts` are loaded once (or found unchanged since a run that loaded them) so that
/// a file fontconfig cannot read is an input error (exit 2) rather than a failure of every
/// render.
package enum ManifestLoader {
  /// The manifest errors printed; the rest are counted, so a broken generated manifest does
  /// not flood a CI log.
  static let maxPrintedErrors = 100

  /// The manifest at `path` and its fonts' session (the machine's fonts with `systemFonts`,
  /// from `--system-fonts`), for checking fonts before the batch; nil after printing why the
  /// manifest cannot be used. `bytes` are the file's when already read. `recordFolder` keeps the font check's record (``FontCheckSession``),
  /// and `cache` is asked for what that record lacks.
  package static func load(
    path: String, bytes: [UInt8]? = nil, directory: URL? = nil, systemFonts: Bool = false,
    recordFolder: URL? = nil, cache: RemoteCache? = nil
  ) -> (manifest: Manifest, fonts: FontCheckSession)? {
    var manifest: Manifest
    do throws(ManifestErrors) {
      manifest = try ManifestDecoder.decode(path: path, bytes: bytes, directory: directory)
    } catch {
      for error in error.errors.prefix(maxPrintedErrors) { RunMessages.say("error: \(error)") }
      if error.errors.count > maxPrintedErrors {
        RunMessages.say(
          "error: … and \(error.errors.count - maxPrintedErrors) more errors (\(error.errors.count) in all)"
        )
      }
      return nil
    }
    if systemFonts { manifest.fontSet = .system }
    if let warning = FontCheck.missingStandardFiles(for: manifest.fontSet) {
      RunMessages.say("warning: \(warning)")
    }
    let fonts = FontCheckSession(
      manifestPath: path, fontSet: manifest.fontSet, recordFolder: recordFolder, cache: cache)
    guard fonts.prepare() else { return nil }
    return (manifest, fonts)
  }
}
