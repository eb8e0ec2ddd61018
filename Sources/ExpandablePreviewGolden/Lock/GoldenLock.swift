import ExpandablePreviewSupport
import Foundation

/// A snapshots folder's index of goldens kept in a content-addressed store
/// (``GoldenBlobStore``): one line per golden, its name, SHA-256, byte size and pixel size,
/// sorted by name. Lines are parted by an empty line, so that two branches re-recording
/// neighbouring goldens change lines Git does not see as touching, and merge without conflict.
///
/// ```
/// expandable-preview goldens 1
///
/// a/collapsed@1x.png 5f0c…e1 10234 390x120
///
/// a/expanded@1x.png 9b7a…04 14880 390x188
/// ```
public struct GoldenLock: Sendable, Equatable {
  /// The file's name in the snapshots folder.
  public static let fileName = "goldens.lock"
  /// The first line: the format and its version.
  static let header = "expandable-preview goldens 1"
  /// The most bytes a lock file may have (about 500,000 goldens).
  static let maxBytes = 64 << 20

  /// One golden's line.
  public struct Entry: Sendable, Equatable {
    /// The SHA-256 of the golden's bytes, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The golden file's size in bytes.
    public var bytes: Int
    /// The image's (an animation's first frame's) width in pixels.
    public var width: Int
    /// The image's (an animation's first frame's) height in pixels.
    public var height: Int

    /// A line for bytes of digest `sha256` and size `bytes`, an image `width`×`height`.
    public init(sha256: String, bytes: Int, width: Int, height: Int) {
      self.sha256 = sha256
      self.bytes = bytes
      self.width = width
      self.height = height
    }
  }

  /// The goldens by their path relative to the snapshots folder.
  public var entries: [String: Entry]

  /// A lock listing `entries`.
  public init(entries: [String: Entry] = [:]) { self.entries = entries }

  /// The lock file's text: the header, then each golden's line by name (byte order, as
  /// `LC_ALL=C sort` does), each after an empty line.
  public var text: String {
    var text = Self.header + "\n"
    for name in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      let entry = entries[name]!
      text += "\n\(name) \(entry.sha256) \(entry.bytes) \(entry.width)x\(entry.height)\n"
    }
    return text
  }

  /// Reads a lock file's text; `path` names it in errors.
  ///
  /// - Throws: ``GoldenStoreError`` naming the file, the line and what is wrong with it.
  public init(text: String, path: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard lines.first == Substring(Self.header) else {
      throw GoldenStoreError(
        path: path,
        message: "line 1: expected '\(Self.header)' (a lock file of this version); found '"
          + VisibleText.of(String(lines.first ?? "")) + "'")
    }
    var entries: [String: Entry] = [:]
    for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      func failure(_ message: String) -> GoldenStoreError {
        GoldenStoreError(path: path, message: "line \(index + 1): \(message)")
      }
      // The name may hold spaces; the three fields after it never do.
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count >= 4 else {
        throw failure("expected 'NAME SHA256 BYTES WIDTHxHEIGHT'")
      }
      let name = fields.dropLast(3).joined(separator: " ")
      let (digest, size, pixels) = (
        fields[fields.count - 3], fields[fields.count - 2], fields.last!
      )
      guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
        throw failure("'\(name)': the SHA-256 must be 64 lowercase hexadecimal digits")
      }
      let dimensions = pixels.split(separator: "x")
      guard let bytes = Int(size), bytes > 0, dimensions.count == 2,
        let width = Int(dimensions[0]), let height = Int(dimensions[1]), width > 0, height > 0
      else {
        throw failure("'\(name)': expected a byte size and a pixel size such as 10234 390x120")
      }
      guard entries[name] == nil else { throw failure("'\(name)' is listed twice") }
      entries[name] = Entry(sha256: String(digest), bytes: bytes, width: width, height: height)
    }
    self.entries = entries
  }

  /// Whether `folder` holds a lock file (of any content).
  public static func exists(in folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path)
  }

  /// The lock in `folder` (bounded, never through a symbolic link); nil when there is none.
  ///
  /// - Throws: ``GoldenStoreError`` when it cannot be read or parsed.
  public static func read(in folder: URL) throws -> GoldenLock? {
    let path = folder.appendingPathComponent(fileName).path
    switch BoundedFile.read(path, maxBytes: maxBytes, followsLinks: false) {
    case .absent: return nil
    case .unreadable(let reason): throw GoldenStoreError(path: path, message: reason)
    case .bytes(let data, _):
      guard let text = String(data: data, encoding: .utf8) else {
        throw GoldenStoreError(path: path, message: "not UTF-8 text")
      }
      return try GoldenLock(text: text, path: path)
    }
  }

  /// Writes the lock into `folder` (created when missing) atomically: a reader sees the old
  /// file or the new one, never a part.
  ///
  /// - Throws: ``GoldenStoreError`` when it cannot be written.
  @discardableResult
  package func write(in folder: URL) throws -> FileStamp {
    let path = folder.appendingPathComponent(Self.fileName).path
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return try FolderHandle(path: folder.path).write(Data(text.utf8), to: Self.fileName)
    } catch {
      throw GoldenStoreError(
        path: path, message: "cannot write the lock file: \(SystemReason.of(error))")
    }
  }
}
