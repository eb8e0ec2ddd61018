import ExpandablePreviewSupport
import Foundation
import Testing

/// The user's file hashes kept between processes (``DigestStore``): a new process (a new
/// ``FileDigestCache``) with the same store does not read a file whose stamp is the one kept,
/// reads one that changed, and ignores a store file that was edited.
@Suite struct DigestStoreTests {
  typealias Reads = FileDigestCacheTests.CountingReads

  /// A folder for the store and a settled font stand-in in it.
  static func scratch() throws -> (folder: URL, file: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "digest-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("font.ttf")
    try Data("font bytes".utf8).write(to: file)
    return (folder, file)
  }

  /// A process's cache over the store in `folder`, counting its reads.
  static func process(_ folder: URL) -> Reads {
    Reads(store: DigestStore(folder: folder.appendingPathComponent("store").path))
  }

  @Test func aStampMatchInTheStoreIsNotReadAgain() throws {
    let (folder, file) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = Self.process(folder)
    let read = try first.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    first.cache.save()
    #expect(first.count(file.path) == 1)
    let second = Self.process(folder)
    let kept = try second.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    #expect(kept == read)
    #expect(second.count(file.path) == 0)
  }

  /// Same size, a new modification time: the kept digest no longer stands.
  @Test func aFontFileEditedInPlaceIsReadAgain() throws {
    let (folder, file) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = Self.process(folder)
    _ = try first.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    first.cache.save()
    usleep(50_000)
    try Data("FONT BYTES".utf8).write(to: file)
    let second = Self.process(folder)
    let after = try second.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    #expect(after.sha256 == SHA256Digest.hex(of: Array("FONT BYTES".utf8)))
    #expect(second.count(file.path) == 1)
  }

  /// A kept digest changed by hand (the checksum line not made again): the whole file is
  /// ignored and the font read, never the edited digest used.
  @Test func anEditedStoreFileIsIgnored() throws {
    let (folder, file) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = Self.process(folder)
    let read = try first.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    first.cache.save()
    let stored = folder.appendingPathComponent("store/file-hashes")
    let text = try String(contentsOf: stored, encoding: .utf8)
    #expect(text.contains(read.sha256))
    try Data(
      text.replacingOccurrences(of: read.sha256, with: String(repeating: "0", count: 64)).utf8
    )
    .write(to: stored)
    let second = Self.process(folder)
    let again = try second.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    #expect(again.sha256 == read.sha256)
    #expect(second.count(file.path) == 1)
  }

  /// A digest read moments after its file changed is not kept for another process either.
  @Test func anUnsettledDigestIsNotKept() throws {
    let (folder, file) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = Self.process(folder)
    _ = try first.cache.digest(ofFile: file.path, now: FileStamp.currentNanoseconds())
    first.cache.save()
    let second = Self.process(folder)
    _ = try second.cache.digest(ofFile: file.path, now: FileDigestCacheTests.later)
    #expect(second.count(file.path) == 1)
  }

  @Test func theFolderFollowsTheEnvironment() {
    #expect(
      DigestStore.user(environment: ["EXPANDABLE_PREVIEW_HASH_CACHE": "/x", "HOME": "/h"])?
        .folder == "/x")
    #expect(DigestStore.user(environment: ["EXPANDABLE_PREVIEW_HASH_CACHE": "off"]) == nil)
    #expect(
      DigestStore.user(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.folder
        == "/c/expandable-preview")
    #expect(DigestStore.user(environment: ["HOME": "/h"])?.folder == "/h/.cache/expandable-preview")
    #expect(DigestStore.user(environment: [:]) == nil)
  }
}
