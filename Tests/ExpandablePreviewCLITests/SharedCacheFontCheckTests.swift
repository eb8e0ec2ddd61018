import ExpandablePreviewEngine
import Foundation
import Testing

/// The font check travels through the shared cache (a real nginx with WebDAV): a runner whose
/// folder has no font-check record takes the check from the cache instead of building the
/// pinned font configuration, prints the same messages, and a fact that does not answer for
/// its key is not used.
@Suite struct SharedCacheFontCheckTests {
  /// One item whose text no font of the set has, one with a family outside the set, one fine.
  static let manifest = FontCheckRecordTests.manifest([
    ("a", "Hello ሰላም", nil), ("b", "Plain words", "Missing Family 15"), ("c", "Fine", nil),
  ])

  /// Loads the manifest as `render` does (the record kept in `folder`) and checks every item:
  /// the messages and how many configurations the session built.
  static func check(_ scratch: Scratch, folder: String, cache: RemoteCache?) throws -> (
    messages: [String], built: Int
  ) {
    let (manifest, fonts) = try #require(
      ManifestLoader.load(
        path: scratch.url.appendingPathComponent("m.json").path,
        recordFolder: scratch.url.appendingPathComponent(folder), cache: cache))
    let messages = try #require(fonts.problems(in: manifest.items))
    return (messages, fonts.configurationsBuilt)
  }

  static func cache(_ nginx: NginxCache, readOnly: Bool = false) throws -> RemoteCache {
    RemoteCache(
      try #require(
        try RemoteCacheSettings.resolve(flag: nginx.url, readOnly: readOnly, environment: [:])))
  }

  @Test func aRunnerWithAnEmptyFolderTakesTheCheckFromTheCacheAndBuildsNothing() throws {
    guard let nginx = try NginxCache() else { return }
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let alone = try Self.check(scratch, folder: "alone", cache: nil)
    #expect(alone.built == 1)
    #expect(alone.messages.count == 2, "\(alone.messages)")

    let first = try Self.check(scratch, folder: "r1", cache: Self.cache(nginx))
    #expect(first.built == 1)
    #expect(first.messages == alone.messages)
    #expect(nginx.files().keys.contains { $0.hasPrefix("ac/") })

    // Another runner, another empty folder: the same messages, no configuration built.
    let cache = try Self.cache(nginx, readOnly: true)
    let second = try Self.check(scratch, folder: "r2", cache: cache)
    #expect(second.built == 0)
    #expect(second.messages == alone.messages)
    #expect(cache.warnings.isEmpty, "\(cache.warnings)")
  }

  @Test func aFactThatDoesNotAnswerForItsKeyIsNotUsed() throws {
    guard let nginx = try NginxCache() else { return }
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let first = try Self.check(scratch, folder: "r1", cache: Self.cache(nginx))
    let url = try #require(
      nginx.files().keys.first { $0.hasPrefix("ac/") }.map {
        nginx.root.appendingPathComponent($0)
      })
    let fact = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var items = try #require(fact["items"] as? [[String: Any]])

    // A message with a terminal escape, and another set's key: each ignored with a warning,
    // the check done here, its messages the true ones.
    items[2]["problems"] = ["key 'text': \u{1B}[2Jplanted"]
    var planted = fact
    planted["items"] = items
    var otherSet = fact
    otherSet["setKey"] = String(repeating: "0", count: 64)
    // A message too long to be a check's (printed by every run, kept in the folder's record),
    // and a fact too large to be read.
    var long = fact
    items[2]["problems"] = ["item 'c': " + String(repeating: "x", count: 5000)]
    long["items"] = items
    var huge = fact
    items[2]["problems"] = ["item 'c': " + String(repeating: "x", count: 1 << 20)]
    huge["items"] = items
    for forged in [planted, otherSet, long, huge] {
      try JSONSerialization.data(withJSONObject: forged).write(to: url)
      let cache = try Self.cache(nginx, readOnly: true)
      let folder = "r\(UUID().uuidString)"
      let checked = try Self.check(scratch, folder: folder, cache: cache)
      #expect(checked.built == 1)
      #expect(checked.messages == first.messages)
      #expect(cache.warnings.count == 1, "\(cache.warnings)")
      #expect(cache.warnings.first?.contains("font check \(url.lastPathComponent)") == true)
    }
  }

  @Test func aCacheFedRenderPrintsTheSameWarningsAndWritesTheSameFiles() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    try fixture.scratch.write("m.json", Self.manifest)
    let alone = try fixture.render("alone")
    let first = try fixture.render("r1", ["--cache", fixture.cache.url])
    let second = try fixture.render("r2", ["--cache", fixture.cache.url])
    #expect(alone.status == 0 && first.status == 0 && second.status == 0)
    #expect(SharedCacheFixture.warnings(second) == SharedCacheFixture.warnings(alone))
    #expect(SharedCacheFixture.warnings(alone).count == 2, "\(alone.stderr)")
    #expect(try fixture.outputFiles("r2") == fixture.outputFiles("alone"))
    let strict = try fixture.render("r3", ["--cache", fixture.cache.url, "--strict"])
    #expect(strict.status == 2)
  }
}
