import Foundation
import Testing

/// A cache that answers one byte a second (its headers or its body): every request has a total
/// deadline, the first one missed stops the run from asking, and SIGTERM cancels a read under
/// way. The runs are the built executable, given up (and failed) only if they never end.
@Suite struct SlowCacheTests {
  /// `render m.json --out OUT --jobs 2` with `extra`, killed (status -1) if it runs for
  /// longer than the test is willing to wait: a run that never ends fails, without timing it.
  static func render(_ scratch: Scratch, _ out: String, _ extra: [String] = []) throws
    -> CLI.Output
  {
    try CLI.capturingOutput { outHandle, errHandle in
      let process = Process()
      process.executableURL = CLI.executable
      process.arguments = ["render", "m.json", "--out", out, "--jobs", "2"] + extra
      process.currentDirectoryURL = scratch.url
      process.environment = CLI.environment([:])
      process.standardOutput = outHandle
      process.standardError = errHandle
      try process.run()
      return giveUp(process)
    }
  }

  /// Waits for `process`; kills it after 120 s (its status is then -1).
  static func giveUp(_ process: Process) -> Int32 {
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard process.isRunning else { return process.terminationStatus }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return -1
  }

  /// The files of `out` that a run with or without a cache must write alike.
  static func outputFiles(_ scratch: Scratch, _ out: String) throws -> [String: Data] {
    try scratch.files(in: out).filter {
      $0.key != ".expandable-preview-render.json" && $0.key != ".expandable-preview-font-check.json"
    }
  }

  @Test(arguments: [SlowCacheServer.Behaviour.slowHeaders, .slowBody])
  func aSlowCacheCostsOneTimeoutAndOneWarning(behaviour: SlowCacheServer.Behaviour) throws {
    let server = try SlowCacheServer(behaviour)
    let scratch = try Scratch()
    try scratch.write("m.json", SharedCacheFixture.manifest)
    let plain = try Self.render(scratch, "plain")
    let run = try Self.render(scratch, "b", ["--cache", server.url])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(run.status == plain.status, "\(run.stderr)")
    #expect(try Self.outputFiles(scratch, "b") == (try Self.outputFiles(scratch, "plain")))
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(
      warnings.first?.contains("the cache \(server.url) is not usable (no answer within 10 s)")
        == true, "\(warnings)")
    #expect(server.connections >= 1)
  }

  @Test(arguments: [SlowCacheServer.Behaviour.slowHeaders, .slowBody])
  func oneSigtermStopsARunReadingASlowCache(behaviour: SlowCacheServer.Behaviour) throws {
    let server = try SlowCacheServer(behaviour)
    let scratch = try Scratch()
    try scratch.write("m.json", SharedCacheFixture.manifest)
    // A folder whose records are there but whose images are gone: the font check is the
    // record's, and the workers ask the cache for every job, so the read the signal meets is a
    // worker's.
    let first = try Self.render(scratch, "out")
    #expect(first.status == 0, "\(first.stderr)")
    for path in try scratch.files(in: "out").keys where path.hasSuffix(".png") {
      try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("out/" + path))
    }
    let output = try CLI.capturingOutput { outHandle, errHandle in
      let process = Process()
      process.executableURL = CLI.executable
      process.arguments = [
        "render", "m.json", "--out", "out", "--jobs", "2", "--cache", server.url,
      ]
      process.currentDirectoryURL = scratch.url
      process.environment = CLI.environment([:])
      process.standardOutput = outHandle
      process.standardError = errHandle
      try process.run()
      // Once the run is reading from the cache, one SIGTERM.
      while server.connections == 0 && process.isRunning { usleep(10_000) }
      usleep(300_000)
      kill(process.processIdentifier, SIGTERM)
      return Self.giveUp(process)
    }
    #expect(output.status == 143, "\(output.stderr)")
    #expect(output.stderr.contains("error: stopped by SIGTERM"), "\(output.stderr)")
  }
}
