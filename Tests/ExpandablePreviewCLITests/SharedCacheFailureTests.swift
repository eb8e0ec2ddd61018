import Foundation
import Testing

/// A cache that is down or answers errors, a read-only cache, and credentials: the run's
/// output and exit status are those without a cache, one warning at most, no secret printed.
@Suite struct SharedCacheFailureTests {
  /// Renders into `plain` without a cache and into `b` with `cache`: the run with it must end
  /// as the one without, with the same files, and give exactly one warning (its warnings are
  /// returned).
  static func renderWithAndWithout(_ fixture: SharedCacheFixture, cache: String) throws
    -> [String]
  {
    let plain = try fixture.render("plain")
    let run = try fixture.render("b", ["--cache", cache])
    #expect(run.status == plain.status)
    #expect(try fixture.outputFiles("b") == (try fixture.outputFiles("plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    return warnings
  }

  @Test func aCacheThatIsDownCostsOneWarning() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let closed = "http://127.0.0.1:\(try freeLoopbackPort())/ep"
    let warnings = try Self.renderWithAndWithout(fixture, cache: closed)
    #expect(warnings.first?.contains("the cache \(closed) is not usable") == true, "\(warnings)")
  }

  @Test func aCacheAnsweringErrorsCostsOneWarningAndABoundedNumberOfRequests() throws {
    guard let fixture = try SharedCacheFixture(.failing) else { return }
    let warnings = try Self.renderWithAndWithout(fixture, cache: fixture.cache.url)
    #expect(warnings.first?.contains("answered HTTP 500") == true, "\(warnings)")
    // Three tries of each request under way when the first failure stopped the run asking
    // (two workers): never one per job.
    let requests = try fixture.cache.requests()
    #expect(!requests.isEmpty && requests.count <= 6, "\(requests)")
  }

  @Test func aReadOnlyRunNeverUploads() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let run = try fixture.render("a", ["--cache", fixture.cache.url, "--cache-read-only"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fixture.cache.files().isEmpty)
    let requests = try fixture.cache.requests()
    // The font check's fact and the six jobs' entries.
    #expect(
      requests.count == 7 && requests.allSatisfy { $0.hasPrefix("GET /ep/ac/") }, "\(requests)")
    // It takes what a writing runner left.
    _ = try fixture.render("w", ["--cache", fixture.cache.url])
    let taken = try fixture.render(
      "b", ["--cache-read-only"],
      environment: [
        "EXPANDABLE_PREVIEW_CACHE": fixture.cache.url
      ])
    #expect(taken.stdout.contains("(6 from the cache)"), "\(taken.stdout)")
  }

  @Test func credentialsAreSentAndNeverShown() throws {
    let token = "tok-\(UUID().uuidString)"
    guard let fixture = try SharedCacheFixture(.requiring(authorization: "Bearer " + token))
    else { return }
    let environment = ["EXPANDABLE_PREVIEW_CACHE_TOKEN": token]
    let first = try fixture.render(
      "a", ["--cache", fixture.cache.url, "--json"], environment: environment)
    let second = try fixture.render(
      "b", ["--cache", fixture.cache.url], environment: environment)
    #expect(second.stdout.contains("(6 from the cache)"), "\(second.stdout)")
    // Without the token the server refuses: one warning, which names no secret (and one that
    // the URL's password shows in the process list).
    let password = "pw-\(UUID().uuidString)"
    let refused = try fixture.render(
      "c", ["--cache", "http://user:\(password)@127.0.0.1:\(fixture.cache.port)/ep"])
    #expect(SharedCacheFixture.warnings(refused).count == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("HTTP 401"), "\(refused.stderr)")
    let down = try fixture.render(
      "d", ["--cache", "http://user:\(password)@127.0.0.1:\(try freeLoopbackPort())/ep"],
      environment: environment)
    #expect(SharedCacheFixture.warnings(down).count == 2, "\(down.stderr)")
    for output in [first, second, refused, down] {
      for secret in [token, password, "user:"] {
        #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
      }
    }
    for out in ["a", "b", "c", "d"] {
      for (path, data) in try fixture.scratch.files(in: out) {
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(token) && !text.contains(password), "\(out)/\(path)")
      }
    }
  }

  @Test func aRefusedUploadCostsOneWarningNamingBazelRemotesFlag() throws {
    guard let fixture = try SharedCacheFixture(.refusingEntries(status: 400)) else { return }
    let warnings = try Self.renderWithAndWithout(fixture, cache: fixture.cache.url)
    #expect(warnings.first?.contains("refused an upload (HTTP 400)") == true, "\(warnings)")
    #expect(warnings.first?.contains("--disable_http_ac_validation") == true, "\(warnings)")
    // Uploads stop at the first refused entry (two workers may each have one under way).
    let entries = try fixture.cache.requests().filter { $0.hasPrefix("PUT /ep/ac/") }
    #expect(!entries.isEmpty && entries.count <= 2, "\(entries)")
  }
}
