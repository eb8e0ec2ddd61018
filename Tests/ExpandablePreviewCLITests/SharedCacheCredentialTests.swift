import Foundation
import Testing

/// How the cache's credentials are read: a token with a line end (as `echo` or a secret file
/// leaves it) is trimmed with one warning naming the variable, never the value; a password in
/// `--cache` (visible in the process list) is warned about.
@Suite struct SharedCacheCredentialTests {
  @Test func aTokenWithATrailingNewlineIsTrimmedWithOneWarning() throws {
    let token = "tok-\(UUID().uuidString)"
    guard let fixture = try SharedCacheFixture(.requiring(authorization: "Bearer " + token))
    else { return }
    let environment = ["EXPANDABLE_PREVIEW_CACHE_TOKEN": token + "\n"]
    // The built executable: libsoup's own messages go to the process's standard error.
    let arguments = ["render", "m.json", "--jobs", "2", "--cache", fixture.cache.url, "--out"]
    let first = try CLI.run(arguments + ["a"], in: fixture.scratch.url, environment: environment)
    let second = try CLI.run(arguments + ["b"], in: fixture.scratch.url, environment: environment)
    #expect(second.stdout.contains("(6 from the cache)"), "\(second.stdout)")
    for run in [first, second] {
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("CRITICAL"), "\(run.stderr)")
      #expect(!run.stderr.contains(token) && !run.stdout.contains(token))
      let warnings = SharedCacheFixture.warnings(run)
      #expect(warnings.count == 1, "\(run.stderr)")
      #expect(
        warnings.first?.contains("EXPANDABLE_PREVIEW_CACHE_TOKEN ends or starts with") == true,
        "\(warnings)")
    }
  }

  @Test func aTokenAHeaderCannotCarryIsRefusedWithOneWarning() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let secret = "tok-\(UUID().uuidString)"
    let run = try CLI.run(
      ["render", "m.json", "--cache", fixture.cache.url, "--out", "a"], in: fixture.scratch.url,
      environment: ["EXPANDABLE_PREVIEW_CACHE_TOKEN": secret + "\nX-Planted: 1"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("CRITICAL") && !run.stderr.contains(secret), "\(run.stderr)")
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(warnings.first?.contains("no credentials are sent") == true, "\(warnings)")
  }

  @Test func aPasswordInTheCacheURLIsWarnedAbout() throws {
    guard let fixture = try SharedCacheFixture() else { return }
    let password = "pw-\(UUID().uuidString)"
    let url = "http://user:\(password)@127.0.0.1:\(fixture.cache.port)/ep"
    let flag = try fixture.render("a", ["--cache", url])
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(!flag.stderr.contains(password))
    let warnings = SharedCacheFixture.warnings(flag)
    #expect(warnings.count == 1, "\(flag.stderr)")
    #expect(warnings.first?.contains("EXPANDABLE_PREVIEW_CACHE_TOKEN") == true, "\(warnings)")
    // From the environment the URL is in no process list: no warning.
    let variable = try fixture.render("b", [], environment: ["EXPANDABLE_PREVIEW_CACHE": url])
    #expect(SharedCacheFixture.warnings(variable).isEmpty, "\(variable.stderr)")
  }
}
