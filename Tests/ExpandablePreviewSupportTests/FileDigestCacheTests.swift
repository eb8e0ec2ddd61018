import ExpandablePreviewSupport
import Foundation
import Testing

/// The one file-hash cache: a file is read once while its stamp stands, and read again when
/// anything a program can change through the file system changed.
@Suite struct FileDigestCacheTests {
  /// Ten seconds from now: every file written so far counts as settled.
  static var later: Int64 { FileStamp.currentNanoseconds() + 10_000_000_000 }

  /// A cache that counts the files it reads, by path.
  struct CountingReads {
    let counts: Locked<[String: Int]>
    let cache: FileDigestCache

    init(store: DigestStore? = nil) {
      let counts = Locked([String: Int]())
      self.counts = counts
      cache = FileDigestCache(
        reader: { (path) throws(FileDigestError) in
          counts.withLock { $0[path, default: 0] += 1 }
          return try FileDigest.read(path)
        }, store: store)
    }

    func count(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
  }

  static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "file-digest-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func aFileIsReadOnceWhileItsStampStands() throws {
    let url = try Self.temporaryFile(Array("font bytes".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let reads = CountingReads()
    let first = try reads.cache.digest(ofFile: url.path, now: Self.later)
    let second = try reads.cache.digest(ofFile: url.path, now: Self.later)
    #expect(first == second)
    #expect(first.sha256 == SHA256Digest.hex(of: Array("font bytes".utf8)))
    #expect(reads.count(url.path) == 1)
  }

  /// Same size, modification time set back: only the status-change time tells.
  @Test func aFileChangedInPlaceWithTheSameSizeIsReadAgain() throws {
    let url = try Self.temporaryFile(Array("font bytes".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let reads = CountingReads()
    let before = try reads.cache.digest(ofFile: url.path, now: Self.later)
    // The kernel's file clock ticks every few milliseconds; a change must land in a later tick.
    usleep(50_000)
    let handle = try #require(FileHandle(forUpdatingAtPath: url.path))
    try handle.write(contentsOf: Data("FONT BYTES".utf8))
    try handle.close()
    let time = timespec(
      tv_sec: Int(before.stamp.modified / 1_000_000_000),
      tv_nsec: Int(before.stamp.modified % 1_000_000_000))
    #expect(utimensat(AT_FDCWD, url.path, [time, time], 0) == 0)
    let after = try reads.cache.digest(ofFile: url.path, now: Self.later)
    #expect(after.stamp.size == before.stamp.size && after.stamp.modified == before.stamp.modified)
    #expect(after.sha256 == SHA256Digest.hex(of: Array("FONT BYTES".utf8)))
    #expect(reads.count(url.path) == 2)
  }

  /// A digest read moments after its file changed is used but not kept: the file could change
  /// again within the same tick of the file clock.
  @Test func aDigestReadTooSoonAfterAChangeIsNotKept() throws {
    let url = try Self.temporaryFile([1, 2, 3])
    defer { try? FileManager.default.removeItem(at: url) }
    let reads = CountingReads()
    _ = try reads.cache.digest(ofFile: url.path, now: FileStamp.currentNanoseconds())
    _ = try reads.cache.digest(ofFile: url.path, now: FileStamp.currentNanoseconds())
    #expect(reads.count(url.path) == 2)
  }

  /// A record's digest that still describes the file is taken without reading it.
  @Test func aKnownDigestThatStillDescribesTheFileIsNotRead() throws {
    let url = try Self.temporaryFile([1, 2, 3])
    defer { try? FileManager.default.removeItem(at: url) }
    let reads = CountingReads()
    let read = try FileDigest.read(url.path)
    let planted = FileDigest(stamp: read.stamp, sha256: "planted")
    #expect(try reads.cache.digest(ofFile: url.path, known: planted, now: Self.later) == planted)
    #expect(reads.count(url.path) == 0)
  }

  @Test func fileHashesAreTheSHA256OfTheWholeFileOverManyReads() throws {
    let bytes = (0..<(3 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let url = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    // Python's hashlib.sha256 of the same bytes.
    #expect(
      try FileDigest.read(url.path).sha256
        == "41fbed9f0d5d1683eb3c1727486c0baf37666b085228ba7ea57e041d65994e28")
  }

  @Test func aMissingFileIsNamed() {
    #expect {
      try FileDigest.read("/nonexistent/\(UUID().uuidString).ttf")
    } throws: { error in
      "\(error)".hasPrefix("/nonexistent/") && "\(error)".contains("cannot open file")
    }
  }
}
