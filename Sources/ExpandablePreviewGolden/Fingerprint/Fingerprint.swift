import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What rendered a set of goldens: library versions and every font file used, with its hash.
/// Kept beside the goldens (``fileName``) so that a failure can first say what differs between
/// the machines before it shows pixels.
public struct Fingerprint: Sendable, Hashable, Codable {
  /// One font file as used by renders.
  public struct FontFile: Sendable, Hashable, Codable {
    /// The face's full name as fontconfig reads it from the file, e.g. "DejaVu Sans Bold".
    public var name: String
    /// The file's name without its folder (folders differ between machines).
    public var file: String
    /// The file's SHA-256 as lowercase hex.
    public var sha256: String
    /// The Debian package that installs the file, for files of the standard set.
    public var package: String?

    /// A font file by face name, file name and SHA-256, with the Debian package that installs it
    /// when it is one of the standard set's.
    public init(name: String, file: String, sha256: String, package: String? = nil) {
      self.name = name
      self.file = file
      self.sha256 = sha256
      self.package = package
    }

    /// "Inter-Regular.otf (Inter, Debian package fonts-inter)".
    public var described: String {
      "\(file) (\(name)\(package.map { ", Debian package \($0)" } ?? ""))"
    }
  }

  /// The file a snapshots folder keeps its fingerprint in.
  public static let fileName = "fingerprint.json"

  /// The versions of Pango, Cairo, HarfBuzz, FreeType, fontconfig and the other libraries that
  /// rasterised the goldens.
  public var libraries: LibraryVersions
  /// Sorted by name, then file.
  public internal(set) var fonts: [FontFile]
  /// For each golden (its path in the folder), the names of the font files it was recorded
  /// with, sorted: what ``GoldenFontCheck`` compares a render on another machine with.
  public var goldens: [String: [String]]

  /// A fingerprint of `libraries` and `fonts` (sorted by name, then file), and each golden's
  /// font files.
  public init(
    libraries: LibraryVersions, fonts: [FontFile], goldens: [String: [String]] = [:]
  ) {
    self.libraries = libraries
    self.fonts = Self.normalized(fonts)
    self.goldens = goldens
  }

  private enum CodingKeys: String, CodingKey { case libraries, fonts, goldens }

  /// Reads a fingerprint, also one written before goldens remembered their fonts.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    libraries = try container.decode(LibraryVersions.self, forKey: .libraries)
    fonts = Self.normalized(try container.decode([FontFile].self, forKey: .fonts))
    // Fingerprints written before goldens remembered their fonts have no such key.
    goldens = try container.decodeIfPresent([String: [String]].self, forKey: .goldens) ?? [:]
  }

  /// Leaves `goldens` out while it is empty, so a folder without goldens keeps the old form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(libraries, forKey: .libraries)
    try container.encode(fonts, forKey: .fonts)
    if !goldens.isEmpty { try container.encode(goldens, forKey: .goldens) }
  }

  /// The font file this fingerprint names `fileName`, if any.
  public func font(named fileName: String) -> FontFile? {
    fonts.first { $0.file == fileName }
  }

  /// The fingerprint of this process's libraries and the font files at `fontFiles` (as in
  /// `RenderResult/fontFiles`). Hashes come from the process's file-hash cache, face names are
  /// kept per path and hash.
  public static func current(fontFiles: some Sequence<String>) throws -> Fingerprint {
    let fonts = try Set(fontFiles).map { path in try FontFileCache.shared.fontFile(at: path) }
    return Fingerprint(libraries: .current, fonts: fonts)
  }

  /// This fingerprint plus the fonts and goldens of `older` this one does not name: what a
  /// snapshots folder holds after some of its goldens are recorded again. Libraries stay this
  /// one's.
  public func merging(_ older: Fingerprint) -> Fingerprint {
    let names = Set(fonts.map(\.name))
    return Fingerprint(
      libraries: libraries, fonts: fonts + older.fonts.filter { !names.contains($0.name) },
      goldens: older.goldens.merging(goldens) { _, newer in newer })
  }

  /// Stable JSON: sorted keys, pretty printed, ending in a newline.
  public func jsonData() throws -> Data {
    try Self.recordKind.encoded(self)
  }

  /// Reads a fingerprint from its JSON, checked as `fingerprint.json` is when read from a
  /// folder (its version included).
  ///
  /// - Throws: ``GoldenStoreError`` naming `name` when the data is not a fingerprint, is damaged
  ///   or is of a newer version.
  public init(jsonData: Data, naming name: String = fileName) throws {
    switch RecordFile.decode(Fingerprint.self, as: Self.recordKind, from: jsonData, naming: name) {
    case .success(let fingerprint): self = fingerprint
    case .failure(let error): throw GoldenStoreError(path: error.name, message: error.message)
    }
  }

  /// How `fingerprint.json` is read and written (``RecordFile``): stable JSON without a mark;
  /// version 1 is the form without a `version` key, so a later version writes one.
  package static let recordKind = RecordKind(
    fileName: fileName, title: "fingerprint", currentVersion: 1, unversioned: 1,
    maxBytes: 64 << 20, layout: .stable)

  /// Reads the fingerprint in `folder`, or nil when there is none.
  ///
  /// - Throws: ``GoldenStoreError`` naming the file when it is there but cannot be used (not a
  ///   regular file, a link, too large, damaged, or of a newer version).
  public static func read(in folder: URL) throws -> Fingerprint? {
    let file = folder.appendingPathComponent(fileName)
    switch RecordFile.read(Fingerprint.self, as: recordKind, at: file.path) {
    case .absent: return nil
    case .record(let fingerprint, _): return fingerprint
    case .refused(let error, _): throw GoldenStoreError(path: error.name, message: error.message)
    }
  }

  /// Writes the fingerprint into `folder` atomically, unless the file already holds it.
  public func write(in folder: URL) throws {
    try RecordFile.write(self, as: Self.recordKind, inFolderAt: folder, rewritesEqualBytes: false)
  }

  private static func normalized(_ fonts: [FontFile]) -> [FontFile] {
    Set(fonts).sorted { ($0.name, $0.file, $0.sha256) < ($1.name, $1.file, $1.sha256) }
  }
}

/// Font files as a fingerprint lists them (face name, file name, SHA-256). The hash comes from
/// the process's one file-hash cache (``FileDigestCache``, its staleness rule: the file's stamp),
/// which the job keys' input hashes fill too, so a fresh `verify` reads each font once; the
/// face name is kept per path and hash, so a file changed in place is parsed again.
final class FontFileCache: Sendable {
  static let shared = FontFileCache()
  private let digests: FileDigestCache
  private let names = Locked([String: Fingerprint.FontFile]())

  /// A cache whose hashes come from `digests`.
  init(digests: FileDigestCache = .shared) { self.digests = digests }

  func fontFile(at path: String) throws -> Fingerprint.FontFile {
    let sha256 = try digests.digest(ofFile: path, now: FileStamp.currentNanoseconds()).sha256
    let key = "\(path)\u{0}\(sha256)"
    if let file = names.withLock({ $0[key] }) { return file }
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    let file = Fingerprint.FontFile(
      name: FontFiles.faceName(ofFile: path) ?? fileName, file: fileName, sha256: sha256,
      package: StandardFonts.files.first { $0.path == path }?.package)
    names.withLock { $0[key] = file }
    return file
  }
}
