import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What every job key of a run shares: the renderer's identity, the libraries that draw the
/// text, and the fonts. A run makes it once; tests make others to stand for another renderer,
/// other libraries or other fonts. Nothing in it depends on where the tool was built or where
/// the checkout lies, so two runners of one commit make equal keys.
package struct KeyContext: Sendable, Hashable {
  /// `RendererIdentity.renderer` in a run: the SHA-256 of the sources that decide a job's bytes
  /// and of the compiler's version, computed at build time (Plugins/RendererIdentityPlugin).
  var renderer: String
  /// `RendererIdentity.verdict`: the same for the code that decides whether an image matches
  /// its golden; only golden keys (``GoldenKeyRecord``) carry it.
  var verdict: String = RendererIdentity.verdict
  var libraries: LibraryVersions
  /// ``LibraryVersions/others`` in a run, by name.
  var otherLibraries: [String: String] = LibraryVersions.others
  /// The SHA-256 of the font set's files' hashes, sorted: the standard files and the
  /// manifest's own fonts. The files' contents count, not their paths, so a CI cache restored
  /// into another checkout folder still matches.
  var fontSet: String

  /// The files a run's context is made of: the font set's files.
  package struct Files: Sendable {
    var fonts: [String]
    /// What else decides which files ``fonts`` holds, for the no-op record: each added folder
    /// with the stamp it had before it was listed, and each standard file found absent or
    /// unreadable (nil). Not part of any key: the fonts' hashes are.
    package var listing: [String: FileStamp?] = [:]

    /// The files of this process rendering with `fontSet`, found without building its
    /// configuration (``FontSetSources``: every file it may read, a folder's non-fonts too);
    /// nil with system fonts, whose files and fontconfig rules are the machine's: no key could
    /// cover them, so every job is rendered. Nil too when an added entry is neither a file nor
    /// a folder, which building the configuration rejects before any job.
    package init?(for fontSet: FontSet) {
      // Stamped before listing: a folder changed after that has another stamp.
      // A folder is listed recursively: each folder below it is stamped too.
      for url in fontSet.addedFonts {
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
        listing[url.path] = FileStamp(status)
        for below in (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? [] {
          let path = url.appendingPathComponent(below).path
          if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            listing[path] = FileStamp(status)
          }
        }
      }
      guard let sources = FontSetSources(of: fontSet) else { return nil }
      fonts = sources.allFiles
      for path in Set(StandardFonts.files.map(\.path)).subtracting(sources.standard) {
        var status = stat()
        listing.updateValue(stat(path, &status) == 0 ? FileStamp(status) : nil, forKey: path)
      }
    }

    /// The context, reading only the files whose stamps differ from those in `known`, and
    /// the hashes to keep for the next run.
    package func context(known: InputHashes = InputHashes(), now: Int64) throws -> (
      context: KeyContext, hashes: InputHashes
    ) {
      let (hashes, kept) = try known.hashes(of: fonts, now: now)
      return (
        KeyContext(
          renderer: RendererIdentity.renderer, libraries: .current,
          fontSet: fontSetHash(ofFileHashes: hashes[...])),
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
