import Foundation
import Testing

/// A job's layout values from the cache are covered by no digest: without signatures they are
/// checked for plausibility, and a file's size is bounded by what the job's image can take, so
/// a forged entry is not used and its blob is never asked for.
@Suite struct SharedCacheLayoutTests {
  /// Forgeries of i1's collapsed entry (a pattern of its JSON and what replaces it) and the
  /// reason the refusal names.
  static let forgeries: [(pattern: String, replacement: String, reason: String)] = [
    (#""size":\{"height":[^,}]+"#, #""size":{"height":1e300"#, "its size is not"),
    (#""size":\{"height":[^,}]+"#, #""size":{"height":-40"#, "its size is not"),
    (#""lines":[0-9]+"#, #""lines":-3"#, "its counts are out of range"),
    (
      #""textFrame":\{"height":([^,}]+),"width":([^,}]+),"x":[^,}]+"#,
      #""textFrame":{"height":$1,"width":$2,"x":9000"#, "a frame lies outside the image"
    ),
  ]

  @Test(arguments: 0..<forgeries.count)
  func aForgedLayoutIsNotUsed(forgery index: Int) throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let entry = try fixture.entryPath(of: "i1/collapsed@1x.png", in: "a")
    let text = String(decoding: try Data(contentsOf: entry), as: UTF8.self)
    let forgery = Self.forgeries[index]
    let forged = text.replacingOccurrences(
      of: forgery.pattern, with: forgery.replacement, options: .regularExpression)
    #expect(forged != text)
    try Data(forged.utf8).write(to: entry)
    try Self.expectRenderedHere(fixture, job: "i1/collapsed@1x.png", reason: forgery.reason)
  }

  @Test func aFileLargerThanTheImageCanBeIsNeverAskedFor() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    let entry = try fixture.entryPath(of: "i1/collapsed@1x.png", in: "a")
    let png = try Data(
      contentsOf: fixture.scratch.url.appendingPathComponent("a/i1/collapsed@1x.png"))
    let text = String(decoding: try Data(contentsOf: entry), as: UTF8.self)
    let forged = text.replacingOccurrences(
      of: "\"size\":\(png.count)", with: "\"size\":\(256 << 20)")
    #expect(forged != text)
    try Data(forged.utf8).write(to: entry)
    let before = try fixture.cache.requests().count
    try Self.expectRenderedHere(
      fixture, job: "i1/collapsed@1x.png", reason: "larger than this job's image can be")
    let blob = try fixture.blobPath(of: "i1/collapsed@1x.png", in: "a").lastPathComponent
    let asked = try fixture.cache.requests().dropFirst(before).filter { $0.contains(blob) }
    #expect(asked.allSatisfy { !$0.hasPrefix("GET") }, "\(asked)")
  }

  @Test func manyEntriesNotUsedAreOneWarning() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    _ = try fixture.render("a", ["--cache", fixture.cache.url])
    // Every job's entry names a blob that is not there.
    for path in try fixture.scratch.files(in: "a").keys where path.hasSuffix(".png") {
      try FileManager.default.removeItem(at: try fixture.blobPath(of: path, in: "a"))
    }
    let plain = try fixture.render("plain")
    let run = try fixture.render("b", ["--cache", fixture.cache.url])
    #expect(run.status == plain.status)
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("(and 5 more job entries not used)") == true, "\(warnings)")
  }

  /// Renders into `b` with the cache after a test forged the entry of `job`: every file as
  /// without a cache, the job rendered here, one warning naming its key and why.
  static func expectRenderedHere(_ fixture: SharedCacheFixture, job: String, reason: String)
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
