import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What every job key of a run shares: the tool's build, the libraries that draw the text, and
/// the fonts. A run makes it once; tests make others to stand for another build, other
/// libraries or other fonts.
package struct KeyContext: Sendable, Hashable {
  /// ``ToolBuild/identifier`` in a run.
  var toolBuild: String
  var libraries: LibraryVersions
  /// The SHA-256 of the font set's files' hashes, sorted: the standard files and the
  /// manifest's own fonts. The files' contents count, not their paths, so a CI cache restored
  /// into another checkout folder still matches.
  var fontSet: String

  /// The files a run's context is made of: the executable and the font set's files.
  package struct Files: Sendable {
    /// Nil when the executable cannot be read (every job is then rendered).
    var executable: String?
    var fonts: [String]

    /// The files of this process rendering with `fontSet`, found without building its
    /// configuration (``FontSetSources``: every file it may read, a folder's non-fonts too);
    /// nil with system fonts, whose files and fontconfig rules are the machine's: no key could
    /// cover them, so every job is rendered. Nil too when an added entry is neither a file nor
    /// a folder, which building the configuration rejects before any job.
    package init?(for fontSet: FontSet) {
      guard let sources = FontSetSources(of: fontSet) else { return nil }
      executable = ToolBuild.executablePath
      fonts = sources.allFiles
    }

    /// The context, reading only the files whose stamps differ from those in `known`, and
    /// the hashes to keep for the next run.
    package func context(known: InputHashes = InputHashes(), now: Int64) throws -> (
      context: KeyContext, hashes: InputHashes
    ) {
      let paths = fonts + (executable.map { [$0] } ?? [])
      let (hashes, kept) = try known.hashes(of: paths, now: now)
      return (
        KeyContext(
          // No readable executable: a fresh random identifier, so nothing is ever reused.
          toolBuild: executable == nil ? UUID().uuidString : hashes.last!,
          libraries: .current, fontSet: fontSetHash(ofFileHashes: hashes.prefix(fonts.count))),
        kept
      )
    }
  }

  /// The context of this process rendering with `fontSet`, every file read; nil with system
  /// fonts (see ``Files/init(for:)``).
  static func current(for fontSet: FontSet) throws -> KeyContext? {
    try Files(for: fontSet)?.context(now: FileStamp.currentNanoseconds()).context
  }

  /// The hash over the SHA-256 of each file in `paths`, in sorted order.
  static func fontSetHash(of paths: [String]) throws -> String {
    fontSetHash(
      ofFileHashes: try InputHashes().hashes(of: paths, now: FileStamp.currentNanoseconds())
        .hashes[...])
  }

  /// The hash over `hashes` (each file's SHA-256), in sorted order.
  static func fontSetHash(ofFileHashes hashes: ArraySlice<String>) -> String {
    let digest = SHA256Digest()
    for hash in hashes.sorted() { digest.update(field: hash) }
    return digest.hex()
  }
}
