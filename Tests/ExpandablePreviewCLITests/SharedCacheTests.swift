import Foundation
import Testing

/// `render --cache URL` against a real nginx with WebDAV: a runner takes what another rendered,
/// and whatever the cache holds or however it fails, the output folder, the reports and the
/// exit status are those of a run without a cache.
@Suite struct SharedCacheTests {
  @Test func aSecondRunnerTakesEveryFileFromTheCache() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let first = try fixture.render("a", ["--cache", fixture.cache.url])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Rendered 6 of 6 files for"), "\(first.stdout)")
    let second = try fixture.render("b", ["--cache", fixture.cache.url])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("Rendered 6 of 6 files (6 from the cache)"), "\(second.stdout)")
    #expect(SharedCacheFixture.warnings(second).isEmpty, "\(second.stderr)")
    let plain = try fixture.render("plain")
    #expect(plain.status == 0)
    let files = try fixture.outputFiles("b")
    #expect(files.keys.contains("i1/layout.json") && files.keys.contains("index.html"))
    #expect(files == (try fixture.outputFiles("a")))
    #expect(files == (try fixture.outputFiles("plain")))
    // The runner's own record took the files: its next run skips them.
    let again = try fixture.render("b")
    #expect(again.stdout.contains("Rendered 0 of 6 files (6 unchanged)"), "\(again.stdout)")
    // Only the first runner uploaded (6 blobs, 6 entries, 6 jobs being too few for a plan
    // bundle, and its font check); the runner that took the files uploaded nothing.
    let puts = try fixture.cache.requests().filter { $0.hasPrefix("PUT") }
    #expect(puts.count == 13, "\(puts)")
  }

  @Test func aBlobWithTheWrongBytesIsNeverUsed() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let blob = try fixture.blobPath(of: "i1/collapsed@1x.png", in: "a")
    var bytes = try Data(contentsOf: blob)
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: blob)
    try expectRenderedHere(fixture, job: "i1/collapsed@1x.png", reason: "does not have that digest")
  }

  @Test func aTruncatedBlobIsNeverUsed() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let blob = try fixture.blobPath(of: "i2/expanded@1x.png", in: "a")
    try Data(contentsOf: blob).prefix(100).write(to: blob)
    try expectRenderedHere(fixture, job: "i2/expanded@1x.png", reason: "does not have that digest")
  }

  @Test func anEntryNamingAMissingBlobIsNotUsed() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    try FileManager.default.removeItem(at: try fixture.blobPath(of: "i0/expanded@1x.png", in: "a"))
    try expectRenderedHere(fixture, job: "i0/expanded@1x.png", reason: "is missing")
  }

  @Test func anOversizedEntryIsNotRead() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let entry = try fixture.entryPath(of: "i1/expanded@1x.png", in: "a")
    let valid = try Data(contentsOf: entry)
    // The entry as it was, then spaces: valid JSON, too long to be read.
    try (valid + Data(repeating: 0x20, count: 2 << 20)).write(to: entry)
    try expectRenderedHere(fixture, job: "i1/expanded@1x.png", reason: "larger than")
  }

  @Test func aMalformedEntryIsNotUsed() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let entry = try fixture.entryPath(of: "i0/collapsed@1x.png", in: "a")
    try Data(#"{"generator": "expandable-preview cache entry", "files": ["#.utf8).write(to: entry)
    try expectRenderedHere(fixture, job: "i0/collapsed@1x.png", reason: "not an expandable")
  }

  /// Renders into `b` with the cache after a test spoiled the entry of `job`: every file as
  /// without a cache, the job rendered here, one warning naming its key and why.
  private func expectRenderedHere(_ fixture: SharedCacheFixture, job: String, reason: String)
    throws
  {
    let plain = try fixture.render("plain")
    let run = try fixture.render("b", ["--cache", fixture.cache.url])
    #expect(run.status == plain.status)
    #expect(run.stdout.contains("Rendered 6 of 6 files (5 from the cache)"), "\(run.stdout)")
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    let key = try fixture.jobKey(job, in: "plain")
    #expect(warnings.first?.contains("job key \(key) (\(job))") == true, "\(warnings)")
    #expect(warnings.first?.contains(reason) == true, "\(warnings)")
  }
}
