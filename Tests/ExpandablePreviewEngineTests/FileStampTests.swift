import ExpandablePreview
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// A file whose stamp is the one recorded is not read again; any change a program can make
/// through the file system (a rewrite with the same size and the modification time set back,
/// a rename over it) changes the stamp, so the file is read and its hash compared.
@Suite struct FileStampTests {
  /// Ten seconds from now: every file written so far counts as settled.
  static var later: Int64 { FileStamp.currentNanoseconds() + 10_000_000_000 }

  /// A fresh folder holding one rendered job's file, and the record of that job.
  static func renderedJob() throws -> (FolderHandle, RenderJob, RenderRecord, URL) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "file-stamps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let json =
      #"{"items": [{"name": "a", "text": "Some words to lay out.", "states": ["collapsed"]}]}"#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let job = RenderJob.jobs(for: manifest.items[0], itemIndex: 0)[0]
    let rendered = try JobRenderer.files(of: job, with: Renderer())
    let folder = try FolderHandle(path: url.path)
    try folder.subfolder("a").write(rendered.files[0].bytes, to: job.file)
    var record = RenderRecord()
    record.jobs[job.relativePath] = RenderRecord.Entry(
      key: "key", files: [job.relativePath: SHA256Digest.hex(of: rendered.files[0].bytes)])
    return (folder, job, record, url)
  }

  /// Sets the file's modification time to `nanoseconds` (`utimensat`), as `touch -d` does.
  static func setModified(_ path: String, to nanoseconds: Int64) {
    let time = timespec(
      tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    let times = [time, time]
    #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
  }

  /// Overwrites the file's bytes in place with others of the same length.
  static func rewriteInPlace(_ path: String) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let bytes = try handle.readToEnd() ?? Data()
    try handle.seek(toOffset: 0)
    try handle.write(contentsOf: Data(bytes.map { $0 ^ 0xFF }))
    try handle.close()
  }

  @Test func aFileWithItsRecordedStampIsNotReadAgain() throws {
    let (folder, job, record, url) = try Self.renderedJob()
    defer { try? FileManager.default.removeItem(at: url) }
    let stamped = try #require(
      record.unchangedEntry(of: job, key: "key", in: folder, now: Self.later))
    #expect(stamped.stamps.keys.sorted() == [job.relativePath])
    // A recorded hash that no longer fits the file: trusted while the stamp holds.
    var trusting = record
    trusting.jobs[job.relativePath] = stamped
    trusting.jobs[job.relativePath]?.files[job.relativePath] = String(repeating: "0", count: 64)
    #expect(trusting.unchangedEntry(of: job, key: "key", in: folder, now: Self.later) != nil)
    trusting.jobs[job.relativePath]?.stamps = [:]
    #expect(trusting.unchangedEntry(of: job, key: "key", in: folder, now: Self.later) == nil)
  }

  /// The rendered job's record after a run that stamped its file, with that stamp and the
  /// file's path.
  static func stampedJob() throws -> (
    FolderHandle, RenderJob, RenderRecord, FileStamp, path: String, folder: URL
  ) {
    let (folder, job, record, url) = try renderedJob()
    var stamped = record
    let entry = record.unchangedEntry(of: job, key: "key", in: folder, now: later)
    let unchanged: RenderRecord.Entry = try #require(entry)
    stamped.jobs[job.relativePath] = unchanged
    let stamp = try #require(stamped.jobs[job.relativePath]?.stamps[job.relativePath])
    return (folder, job, stamped, stamp, url.appendingPathComponent(job.relativePath).path, url)
  }

  @Test func aFileRewrittenWithItsSizeAndModificationTimeIsReadAgain() throws {
    let (folder, job, stamped, stamp, path, url) = try Self.stampedJob()
    defer { try? FileManager.default.removeItem(at: url) }
    try Self.rewriteInPlace(path)
    Self.setModified(path, to: stamp.modified)
    let after = try #require(folder.subfolder("a").stamp(ofFile: job.file))
    // What `ls -l` shows is unchanged: size and modification time.
    #expect(after.size == stamp.size && after.modified == stamp.modified)
    #expect(stamped.unchangedEntry(of: job, key: "key", in: folder, now: Self.later) == nil)
  }

  @Test func aFileReplacedByRenameWithItsSizeAndModificationTimeIsReadAgain() throws {
    let (folder, job, stamped, stamp, path, url) = try Self.stampedJob()
    defer { try? FileManager.default.removeItem(at: url) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try folder.subfolder("a").write(Data(bytes.map { $0 ^ 0xFF }), to: job.file)
    Self.setModified(path, to: stamp.modified)
    #expect(stamped.unchangedEntry(of: job, key: "key", in: folder, now: Self.later) == nil)
  }

  @Test func aFileChangedMomentsBeforeTheRunIsReadButNotStamped() throws {
    let (folder, job, record, url) = try Self.renderedJob()
    defer { try? FileManager.default.removeItem(at: url) }
    let entry = try #require(
      record.unchangedEntry(
        of: job, key: "key", in: folder, now: FileStamp.currentNanoseconds()))
    #expect(entry.stamps.isEmpty)
  }

  @Test func anInputFileWithItsRecordedStampIsNotReadAgain() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "input-hashes-\(UUID().uuidString)")
    try Data("font bytes".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (hashes, kept) = try InputHashes().hashes(of: [url.path], now: Self.later)
    #expect(hashes == [SHA256Digest.hex(of: Data("font bytes".utf8))])
    let stamp = try #require(kept.files[url.path]?.stamp)
    var planted = kept
    planted.files[url.path]?.sha256 = "planted"
    #expect(try planted.hashes(of: [url.path], now: Self.later).hashes == ["planted"])
    try Self.rewriteInPlace(url.path)
    Self.setModified(url.path, to: stamp.modified)
    let reread = try planted.hashes(of: [url.path], now: Self.later)
    #expect(reread.hashes == [SHA256Digest.hex(of: try Data(contentsOf: url))])
    #expect(reread.kept.files[url.path]?.sha256 == reread.hashes[0])
    // Read moments after a change: used, not kept.
    #expect(
      try InputHashes().hashes(of: [url.path], now: FileStamp.currentNanoseconds()).kept
        .files.isEmpty)
  }

  @Test func aContextFromRecordedHashesEqualsOneReadAfresh() throws {
    let files = try #require(KeyContext.Files(for: .standard))
    let (fresh, kept) = try files.context(now: Self.later)
    #expect(kept.files.count == Set(files.fonts).count)
    let (recorded, keptAgain) = try files.context(known: kept, now: Self.later)
    #expect(recorded == fresh)
    #expect(keptAgain == kept)
    #expect(fresh.renderer == RendererIdentity.renderer)
  }
}
