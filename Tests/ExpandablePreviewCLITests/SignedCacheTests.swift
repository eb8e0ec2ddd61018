import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// Signed cache entries: with trusted keys a runner uses only entries signed by one of them,
/// so none of the forgeries a writer of the cache could plant is taken; the keys are made with
/// the openssl commands the documentation gives.
@Suite struct SignedCacheTests {
  /// A key pair made as Documentation/GoldenTesting.md says: the secret for
  /// `EXPANDABLE_PREVIEW_CACHE_SIGNING_KEY`, the public key for the trusted list.
  static func keyPair(_ name: String) throws -> (secret: String, public: String) {
    let scratch = try Scratch()
    let output = try CLI.run(
      [
        "-c",
        """
        openssl genpkey -algorithm ed25519 -out cache-key.pem
        echo "\(name):$(openssl pkey -in cache-key.pem -outform DER | tail -c 32 | base64)"
        echo "\(name):$(openssl pkey -in cache-key.pem -pubout -outform DER | tail -c 32 | base64)"
        """,
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
    let lines = output.stdout.split(separator: "\n").map(String.init)
    try #require(output.status == 0 && lines.count == 2, "\(output.stderr)")
    return (lines[0], lines[1])
  }

  /// The environment of a writer signing with `secret`, or of a reader trusting `trusted`.
  static func writer(_ secret: String) -> [String: String] {
    ["EXPANDABLE_PREVIEW_CACHE_SIGNING_KEY": secret]
  }
  static func reader(_ trusted: String) -> [String: String] {
    ["EXPANDABLE_PREVIEW_CACHE_TRUSTED_KEYS": trusted]
  }

  @Test func aSubstitutedJobEntryIsRefusedWhenKeysAreSet() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let keys = try Self.keyPair("ci-1")
    _ = try fixture.render(
      "a", ["--cache", fixture.cache.url], environment: Self.writer(keys.secret))
    // Signed entries are taken by a runner trusting the key, and by one without keys.
    let taken = try fixture.render(
      "t", ["--cache", fixture.cache.url, "--cache-read-only"],
      environment: Self.reader(keys.public))
    #expect(taken.stdout.contains("(6 from the cache)"), "\(taken.stdout)\(taken.stderr)")
    #expect(SharedCacheFixture.warnings(taken).isEmpty, "\(taken.stderr)")

    // A writer without the key makes i1's collapsed entry name i0's collapsed PNG: valid, of
    // the plan, self-consistent.
    let entry = try fixture.entryPath(of: "i1/collapsed@1x.png", in: "a")
    let other = try fixture.blobPath(of: "i0/collapsed@1x.png", in: "a").lastPathComponent
    let own = try fixture.blobPath(of: "i1/collapsed@1x.png", in: "a").lastPathComponent
    let otherSize = try Data(
      contentsOf: fixture.scratch.url.appendingPathComponent("a/i0/collapsed@1x.png")
    ).count
    let ownSize = try Data(
      contentsOf: fixture.scratch.url.appendingPathComponent("a/i1/collapsed@1x.png")
    ).count
    var text = String(decoding: try Data(contentsOf: entry), as: UTF8.self)
    // Dropping the signature line, or keeping it over other bytes: both refused.
    let body = text.components(separatedBy: "\n#signature ")[0]
    text = text.replacingOccurrences(of: own, with: other)
      .replacingOccurrences(of: "\"size\":\(ownSize)", with: "\"size\":\(otherSize)")
    for forged in [
      body.replacingOccurrences(of: own, with: other)
        .replacingOccurrences(of: "\"size\":\(ownSize)", with: "\"size\":\(otherSize)"), text,
    ] {
      try Data(forged.utf8).write(to: entry)
      // Without keys the forgery is taken (the cache's writers are trusted)...
      let trusting = try fixture.render(
        "u\(UUID().uuidString)", ["--cache", fixture.cache.url, "--cache-read-only"])
      #expect(trusting.stdout.contains("(6 from the cache)"), "\(trusting.stdout)")
      // ...with keys it is refused: rendered here, the files of a run without a cache.
      let plain = try fixture.render("plain")
      let run = try fixture.render(
        "b", ["--cache", fixture.cache.url, "--cache-read-only"],
        environment: Self.reader(keys.public))
      #expect(run.status == plain.status)
      #expect(run.stdout.contains("(5 from the cache)"), "\(run.stdout)")
      #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
      let warnings = SharedCacheFixture.warnings(run)
      #expect(warnings.count == 1, "\(run.stderr)")
      #expect(warnings.first?.contains("1 of the cache's entries") == true, "\(warnings)")
      #expect(warnings.first?.contains("not signed by a trusted key") == true, "\(warnings)")
      try FileManager.default.removeItem(at: fixture.scratch.url.appendingPathComponent("b"))
    }
  }

  @Test func anEntrySignedByAnotherKeyIsIgnored() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let trusted = try Self.keyPair("ci-1")
    let stranger = try Self.keyPair("ci-1")
    _ = try fixture.render(
      "a", ["--cache", fixture.cache.url], environment: Self.writer(stranger.secret))
    let plain = try fixture.render("plain")
    let run = try fixture.render(
      "b", ["--cache", fixture.cache.url, "--cache-read-only"],
      environment: Self.reader(trusted.public))
    #expect(run.status == plain.status)
    #expect(run.stdout.contains("Rendered 6 of 6 files for"), "\(run.stdout)")
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    // The font check and the six jobs' entries.
    #expect(warnings.count == 1 && warnings[0].contains("7 of the cache's entries"), "\(warnings)")
  }

  @Test func aForgedFontCheckIsRefusedWhenKeysAreSet() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let keys = try Self.keyPair("ci-1")
    _ = try fixture.render(
      "a", ["--cache", fixture.cache.url], environment: Self.writer(keys.secret))
    let fact = try #require(
      fixture.cache.files().first {
        String(decoding: $0.value, as: UTF8.self).contains("expandable-preview font check")
      })
    let url = fixture.cache.root.appendingPathComponent(fact.key)
    let body = String(decoding: fact.value, as: UTF8.self).components(separatedBy: "\n#signature ")[
      0]
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    var items = try #require(json["items"] as? [[String: Any]])
    items[0]["problems"] = ["item 'i0': planted: a font is missing"]
    json["items"] = items
    try JSONSerialization.data(withJSONObject: json).write(to: url)

    // Without keys the planted message fails a strict run; with them the fact is ignored.
    let trusting = try fixture.render(
      "u", ["--cache", fixture.cache.url, "--cache-read-only", "--strict"])
    #expect(trusting.status == 2, "\(trusting.stderr)")
    let run = try fixture.render(
      "b", ["--cache", fixture.cache.url, "--cache-read-only", "--strict"],
      environment: Self.reader(keys.public))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("planted"), "\(run.stderr)")
    #expect(
      SharedCacheFixture.warnings(run).contains { $0.contains("not signed by a trusted key") },
      "\(run.stderr)")
  }

  @Test func aForgedGoldenPassIsRefusedWhenKeysAreSet() throws {
    guard let cache = try NginxCache() else { return }
    let keys = try Self.keyPair("ci-1")
    let fixture = try VerifyFixture()
    try fixture.record()
    let writer = try SharedCacheVerifyTests.verify(
      fixture, "snap", ["--record", "never", "--cache", cache.url],
      environment: Self.writer(keys.secret))
    #expect(writer.status == 0, "\(writer.stderr)")
    // Another checkout whose b/expanded golden is wrong (a's image), without a key record.
    let copy = fixture.url("other")
    try FileManager.default.copyItem(at: fixture.url("snap"), to: copy)
    try FileManager.default.removeItem(at: copy.appendingPathComponent(VerifyFixture.keyRecord))
    let wrong = try Data(contentsOf: copy.appendingPathComponent("a/collapsed@1x.png"))
    try wrong.write(to: copy.appendingPathComponent("b/expanded@1x.png"))
    let right = try Data(contentsOf: fixture.url("snap/b/expanded@1x.png"))
    // The forger, who may write to the cache, copies the true pass of b/expanded to the wrong
    // golden's hash (b/collapsed has the same bytes: both passes are copied).
    let passes = cache.files().filter { $0.key.hasPrefix("ac/") }.compactMap {
      try? JSONDecoder().decode(GoldenPassFact.self, from: CacheSigning.split($0.value).0)
    }
    let copied = passes.filter { $0.golden == sha256(right) }
    #expect(!copied.isEmpty)
    for pass in copied {
      let forged = GoldenPassFact(goldenKey: pass.goldenKey, golden: sha256(wrong))
      try JSONEncoder().encode(forged).write(
        to: cache.root.appendingPathComponent(
          "ac/" + GoldenPassFact.actionKey(goldenKey: forged.goldenKey, golden: forged.golden)))
    }

    let arguments = ["--record", "never", "--changed", "--cache", cache.url, "--cache-read-only"]
    let trusting = try SharedCacheVerifyTests.verify(fixture, "other", arguments)
    #expect(trusting.status == 0, "the forgery no longer works without keys: \(trusting.stderr)")
    let run = try SharedCacheVerifyTests.verify(
      fixture, "other", arguments, environment: Self.reader(keys.public))
    #expect(run.status == 1, "\(run.stderr)")
    let summaries = try SharedCacheVerifyTests.summaries(fixture, "other")
    #expect(summaries["b/expanded@1x.png"]?.contains("unchanged") == false, "\(summaries)")
    #expect(summaries["a/collapsed@1x.png"]?.hasSuffix("unchanged (key)") == true, "\(summaries)")
  }
}

/// A plan bundle forged by a writer without the key: two jobs' PNGs swapped, the blob rebuilt
/// and stored under its own digest, so every digest and size checks out.
@Suite struct SignedBundleTests {
  @Test func aSubstitutedBundleIsRefusedWhenKeysAreSet() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let keys = try SignedCacheTests.keyPair("ci-1")
    try fixture.scratch.write("big.json", SharedCacheBundleTests.manifest)
    let render = { (out: String, environment: [String: String]) in
      try CLI.runInProcess(
        ["render", "big.json", "--out", out, "--jobs", "2", "--cache", fixture.cache.url],
        in: fixture.scratch.url, environment: environment)
    }
    _ = try render("a", SignedCacheTests.writer(keys.secret))
    try Self.forgeBundle(in: fixture) { jobs, slices in
      // i0's and i1's collapsed images (jobs 0 and 2, both collapsed@1x.png) change places.
      #expect((jobs[0]["path"] as? String) == "i0/collapsed@1x.png")
      #expect((jobs[2]["path"] as? String) == "i1/collapsed@1x.png")
      (jobs[0]["files"], jobs[2]["files"]) = (jobs[2]["files"], jobs[0]["files"])
      (slices[0][0], slices[2][0]) = (slices[2][0], slices[0][0])
    }

    // Without keys the forgery is taken: i0's collapsed file is i1's image.
    _ = try CLI.runInProcess(
      ["render", "big.json", "--out", "plain", "--jobs", "2"], in: fixture.scratch.url)
    let trusting = try render("u", [:])
    #expect(trusting.stdout.contains("(40 from the cache)"), "\(trusting.stdout)")
    #expect(try fixture.outputFiles("u") != (try fixture.outputFiles("plain")))
    // With keys it is ignored; the jobs' own signed entries give the true files.
    let run = try render("b", SignedCacheTests.reader(keys.public))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("1 of the cache's entries") == true, "\(warnings)")
  }

  /// Rewrites the plan bundle in `fixture`'s cache as a writer without the key can: `change`
  /// edits its jobs (as JSON) and each job's slices of the blob (its files, then its layout
  /// part); the blob is stored under its new digest and the entry names it, unsigned.
  static func forgeBundle(
    in fixture: SharedCacheFixture,
    _ change: (inout [[String: Any]], inout [[Data]]) throws -> Void
  ) throws {
    let (entryPath, blobPath) = try SharedCacheBundleTests.bundle(in: fixture)
    let entryURL = fixture.cache.root.appendingPathComponent(entryPath)
    let body = CacheSigning.split(try Data(contentsOf: entryURL)).0
    var bundle = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    let blob = try Data(contentsOf: fixture.cache.root.appendingPathComponent(blobPath))
    var jobs = try #require(bundle["jobs"] as? [[String: Any]])
    var slices: [[Data]] = []
    var offset = 0
    for job in jobs {
      let files = try #require(job["files"] as? [[String: Any]])
      let layout = try #require(job["layout"] as? [String: Any])
      var parts: [Data] = []
      for size in files.map({ $0["size"] as? Int ?? 0 }) + [layout["size"] as? Int ?? 0] {
        parts.append(blob.subdata(in: offset..<offset + size))
        offset += size
      }
      slices.append(parts)
    }
    try change(&jobs, &slices)
    // Each layout part's digest and size as its bytes now are.
    for index in jobs.indices {
      let part = slices[index].last!
      jobs[index]["layout"] = ["sha256": sha256(part), "size": part.count]
    }
    let forgedBlob = slices.flatMap { $0 }.reduce(Data(), +)
    bundle["jobs"] = jobs
    bundle["blob"] = sha256(forgedBlob)
    bundle["size"] = forgedBlob.count
    try forgedBlob.write(
      to: fixture.cache.root.appendingPathComponent("cas/" + sha256(forgedBlob)))
    try JSONSerialization.data(withJSONObject: bundle).write(to: entryURL)
  }

  @Test func aBundleWithAnImplausibleLayoutPartIsNotUsed() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    try fixture.scratch.write("big.json", SharedCacheBundleTests.manifest)
    _ = try SharedCacheBundleTests.render(fixture, "a", cache: true)
    try Self.forgeBundle(in: fixture) { _, slices in
      let part = String(decoding: slices[0].last!, as: UTF8.self)
      let forged = part.replacingOccurrences(
        of: #"("size" : \{\s*"height" : )[0-9.]+"#, with: "$11e300",
        options: .regularExpression)
      #expect(forged != part)
      slices[0][slices[0].count - 1] = Data(forged.utf8)
    }
    _ = try SharedCacheBundleTests.render(fixture, "plain", cache: false)
    let run = try SharedCacheBundleTests.render(fixture, "b", cache: true)
    #expect(run.stdout.contains("(40 from the cache)"), "\(run.stdout)")
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(
      warnings.first?.contains("i0/collapsed@1x.png") == true
        && warnings.first?.contains("its jobs were asked one by one") == true, "\(warnings)")
  }
}
