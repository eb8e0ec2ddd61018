import Foundation
import Testing

/// A plan of many jobs travels as one bundle (one action-cache entry, one blob) against a real
/// nginx with WebDAV: an empty output folder takes it in two requests (and one for its font check), and a bundle that is
/// wrong anywhere is not used (one warning naming its key; the jobs are then asked one by
/// one), so the output folder is always that of a run without a cache.
@Suite struct SharedCacheBundleTests {
  /// 20 items × 2 states: 40 jobs, above the bundle's minimum of 32.
  static let manifest = IncrementalRenderTests.manifest(
    texts: (0..<20).map { "Item \($0), with a text long enough to be cut at two lines here." })

  /// The fixture with `big.json` written and a first runner's render of it into `a` (which
  /// uploads each job's entry and the bundle).
  static func seeded() throws -> SharedCacheFixture? {
    guard let fixture = try SharedCacheFixture() else { return nil }
    try fixture.scratch.write("big.json", manifest)
    let first = try render(fixture, "a", cache: true)
    #expect(first.stdout.contains("Rendered 40 of 40 files for"), "\(first.stdout)")
    return fixture
  }

  static func render(_ fixture: SharedCacheFixture, _ out: String, cache: Bool) throws
    -> CLI.Output
  {
    try CLI.runInProcess(
      ["render", "big.json", "--out", out, "--jobs", "2"]
        + (cache ? ["--cache", fixture.cache.url] : []), in: fixture.scratch.url)
  }

  /// The bundle's entry in the cache (path relative to its root) and the blob it names.
  static func bundle(in fixture: SharedCacheFixture) throws -> (entry: String, blob: String) {
    let entry = try #require(
      fixture.cache.files().first {
        $0.key.hasPrefix("ac/")
          && String(decoding: $0.value, as: UTF8.self).contains("expandable-preview plan bundle")
      })
    // A signed entry's bytes end with a signature line.
    let body = String(decoding: entry.value, as: UTF8.self).components(
      separatedBy: "\n#signature ")[0]
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    return (entry.key, "cas/" + (try #require(json["blob"] as? String)))
  }

  @Test func anEmptyFolderTakesALargePlanInThreeRequests() throws {
    guard let fixture = try Self.seeded() else { return }
    let before = try fixture.cache.requests().count
    let second = try Self.render(fixture, "b", cache: true)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stdout.contains("Rendered 40 of 40 files (40 from the cache)"), "\(second.stdout)")
    #expect(SharedCacheFixture.warnings(second).isEmpty, "\(second.stderr)")
    // The font check's fact (FontCheckFact), the bundle's entry and its blob.
    let requests = try fixture.cache.requests().dropFirst(before)
    #expect(requests.count == 3, "\(requests)")
    #expect(requests.allSatisfy { $0.hasPrefix("GET") && $0.hasSuffix(" 200") }, "\(requests)")
    _ = try Self.render(fixture, "plain", cache: false)
    let files = try fixture.outputFiles("b")
    let plain = try fixture.outputFiles("plain")
    #expect(files.count == 61 && files == plain)
  }

  @Test func aBundleBlobWithAWrongByteIsNeverUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    let path = fixture.cache.root.appendingPathComponent(blob)
    var bytes = try Data(contentsOf: path)
    bytes[bytes.count - 10] ^= 0xFF
    try bytes.write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  /// The blob streams into the output folder: a wrong byte in the first job's first file is
  /// found when that file's bytes end, before it has its name, and nothing of it stays (no
  /// temporary file either: the folder is a plain run's).
  @Test func aWrongByteInTheFirstFileLeavesNothingBehind() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    let path = fixture.cache.root.appendingPathComponent(blob)
    var bytes = try Data(contentsOf: path)
    bytes[100] ^= 0xFF
    try bytes.write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  @Test func aTruncatedBundleBlobIsNeverUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    let path = fixture.cache.root.appendingPathComponent(blob)
    try Data(contentsOf: path).dropLast(1).write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  @Test func aBundleNamingAMissingBlobIsNotUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    try FileManager.default.removeItem(at: fixture.cache.root.appendingPathComponent(blob))
    try expectAskedOneByOne(fixture, entry: entry, reason: "is missing")
  }

  @Test func aBundleWithAFileDigestChangedIsNotUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, _) = try Self.bundle(in: fixture)
    let path = fixture.cache.root.appendingPathComponent(entry)
    let text = try String(contentsOf: path, encoding: .utf8)
    // The first file's digest, as a tampered entry naming other bytes for it would have.
    let digest = try #require(text.range(of: #""sha256":""#)).upperBound
    var tampered = text
    tampered.replaceSubrange(
      digest..<text.index(digest, offsetBy: 64), with: String(repeating: "0", count: 64))
    try Data(tampered.utf8).write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  /// The offset and size of the first job's layout part in the bundle's blob: after its files.
  static func firstLayoutPart(_ fixture: SharedCacheFixture, entry: String) throws -> (Int, Int) {
    let data = try Data(contentsOf: fixture.cache.root.appendingPathComponent(entry))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let job = try #require((json["jobs"] as? [[String: Any]])?.first)
    let files = try #require(job["files"] as? [[String: Any]])
    let layout = try #require(job["layout"] as? [String: Any])
    return (
      files.compactMap { $0["size"] as? Int }.reduce(0, +), try #require(layout["size"] as? Int)
    )
  }

  /// A layout part is checked as a file is: one wrong byte and the bundle is not used.
  @Test func aBundleWithAWrongByteInALayoutPartIsNeverUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    let (offset, size) = try Self.firstLayoutPart(fixture, entry: entry)
    let path = fixture.cache.root.appendingPathComponent(blob)
    var bytes = try Data(contentsOf: path)
    // A digit of a number in the part: still JSON, another layout.
    let digit = try #require(
      bytes[offset..<offset + size].firstIndex { (0x31...0x38).contains($0) })
    bytes[digit] += 1
    try bytes.write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  /// A writer that names its own bytes for a layout part, digests and all, still cannot put
  /// something that is not one render's part into `layout.json`.
  @Test func aBundleWhoseLayoutPartIsNotARenderIsNotUsed() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, blob) = try Self.bundle(in: fixture)
    let (offset, size) = try Self.firstLayoutPart(fixture, entry: entry)
    let old = try Data(contentsOf: fixture.cache.root.appendingPathComponent(blob))
    let part = Data(repeating: UInt8(ascii: "x"), count: size)
    let spoiled = old[..<offset] + part + old[(offset + size)...]
    let entryURL = fixture.cache.root.appendingPathComponent(entry)
    var text = try String(contentsOf: entryURL, encoding: .utf8)
    text = text.replacingOccurrences(of: sha256(old[offset..<offset + size]), with: sha256(part))
    text = text.replacingOccurrences(of: sha256(old), with: sha256(spoiled))
    try Data(text.utf8).write(to: entryURL)
    try spoiled.write(to: fixture.cache.root.appendingPathComponent("cas/" + sha256(spoiled)))
    try expectAskedOneByOne(fixture, entry: entry, reason: "does not have the files' digests")
  }

  @Test func anOversizedBundleIsNotRead() throws {
    guard let fixture = try Self.seeded() else { return }
    let (entry, _) = try Self.bundle(in: fixture)
    let path = fixture.cache.root.appendingPathComponent(entry)
    try (try Data(contentsOf: path) + Data(repeating: 0x20, count: 64 << 20)).write(to: path)
    try expectAskedOneByOne(fixture, entry: entry, reason: "larger than")
  }

  /// Renders into `b` after a test spoiled the bundle: the output as without a cache, one
  /// warning naming the bundle's key and why, and every job taken from its own entry.
  private func expectAskedOneByOne(_ fixture: SharedCacheFixture, entry: String, reason: String)
    throws
  {
    let run = try Self.render(fixture, "b", cache: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Rendered 40 of 40 files (40 from the cache)"), "\(run.stdout)")
    _ = try Self.render(fixture, "plain", cache: false)
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    let key = String(entry.dropFirst("ac/".count))
    #expect(warnings.first?.contains("bundle for plan key \(key)") == true, "\(warnings)")
    #expect(warnings.first?.contains(reason) == true, "\(warnings)")
  }
}
