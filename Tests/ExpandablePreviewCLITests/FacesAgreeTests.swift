import ExpandablePreviewCLI
import ExpandablePreviewEngine
import ExpandablePreviewTesting
import Foundation
import Testing

/// The faces run one verification: the command line (`verify`, in process), the engine's
/// public API (`VerifyRequest` and its `GoldenVerifier` wrapper) and the test library
/// (`verifySnapshot` under `withSnapshotConfiguration`, over the manifest's jobs) start from
/// the same seeded manifest and goldens and must find the same entries, leave the same files
/// and give the same verdict, with `CI` set and unset.
@Suite struct FacesAgreeTests {
  enum Seed: String, CaseIterable, Sendable {
    /// The goldens as recorded.
    case pass
    /// Item a's text changed: its golden no longer matches.
    case fail
    /// One golden deleted.
    case missing
    /// A golden of an item the manifest no longer has.
    case orphan
  }

  /// What one face found: each entry's status by path (the test library's pass or fail), the
  /// files of the snapshots folder after the run, and the verdict.
  struct Found: Equatable {
    var statuses: [String: String]
    var files: [String: Data]
    var passed: Bool
  }

  /// A fixture with goldens recorded, then changed as `seed` says.
  static func seeded(_ seed: Seed) throws -> VerifyFixture {
    let fixture = try VerifyFixture()
    try fixture.record()
    switch seed {
    case .pass: break
    case .fail: try fixture.writeManifest(aText: "Alpha beta gamma, a changed text that wraps")
    case .missing:
      for file in ["snap/b/expanded@1x.png", "snap/b/expanded@1x.layout.json"] {
        try FileManager.default.removeItem(at: fixture.url(file))
      }
    case .orphan:
      try FileManager.default.createDirectory(
        at: fixture.url("snap/gone"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: fixture.url("snap/a/collapsed@1x.png"), to: fixture.url("snap/gone/collapsed@1x.png"))
    }
    return fixture
  }

  /// A copy of `fixture`'s folder for one face.
  static func copy(of fixture: VerifyFixture) throws -> Scratch {
    let copy = try Scratch()
    for name in try FileManager.default.contentsOfDirectory(atPath: fixture.scratch.url.path) {
      try FileManager.default.copyItem(
        at: fixture.url(name), to: copy.url.appendingPathComponent(name))
    }
    return copy
  }

  /// The snapshots folder's files, but for the golden-key record: `verify --changed`'s record,
  /// which only the runs over a manifest keep (a test asserts one image, not a manifest).
  static func goldens(in scratch: Scratch) throws -> [String: Data] {
    try scratch.files(in: "snap").filter { $0.key != VerifyFixture.keyRecord }
  }

  static func environment(ci: Bool) -> [String: String] { ci ? ["CI": "true"] : [:] }

  static func commandLine(_ scratch: Scratch, ci: Bool, cache: String? = nil) throws -> Found {
    let result = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"]
        + (cache.map { ["--cache", $0] } ?? []), in: scratch.url,
      environment: environment(ci: ci))
    let report: [String: Any] = try scratch.json("art/report.json")
    var statuses: [String: String] = [:]
    for image in try #require(report["images"] as? [[String: Any]]) {
      statuses[try #require(image["path"] as? String)] = image["status"] as? String
    }
    #expect([0, 1].contains(result.status), "\(result.stderr)")
    return Found(statuses: statuses, files: try goldens(in: scratch), passed: result.status == 0)
  }

  static func request(_ scratch: Scratch, ci: Bool, cache: String? = nil) throws -> Found {
    var request = VerifyRequest(
      manifest: scratch.url.appendingPathComponent("m.json").path,
      snapshots: scratch.url.appendingPathComponent("snap").path,
      artifacts: scratch.url.appendingPathComponent("art").path, workers: 2,
      environment: environment(ci: ci))
    request.cacheURL = cache
    let outcome = try request.run()
    return Found(
      statuses: Dictionary(
        uniqueKeysWithValues: outcome.report.entries.map {
          ($0.path, $0.status.rawValue)
        }), files: try goldens(in: scratch), passed: outcome.passed)
  }

  static func goldenVerifier(_ scratch: Scratch, ci: Bool) throws -> Found {
    let plan = try Manifest.load(from: scratch.url.appendingPathComponent("m.json")).plan()
    let report = try GoldenVerifier(
      snapshots: scratch.url.appendingPathComponent("snap"),
      artifacts: scratch.url.appendingPathComponent("art"), workers: 2,
      environment: environment(ci: ci)
    ).verify(plan)
    return Found(
      statuses: Dictionary(
        uniqueKeysWithValues: report.entries.map {
          ($0.path, $0.status.rawValue)
        }), files: try goldens(in: scratch), passed: report.passed)
  }

  /// The test library over the manifest's jobs: each image asserted as a test would, named by
  /// its path. The library reads the process's environment for its record mode; the case's
  /// environment is given through the one rule (`RecordMode.resolve(environment:)`) instead,
  /// since a test may not change the environment of the tests running beside it.
  static func testLibrary(_ scratch: Scratch, ci: Bool) throws -> Found {
    let manifest = try Manifest.load(from: scratch.url.appendingPathComponent("m.json"))
    let plan = try BatchPlan(manifest: manifest, only: nil, shard: nil, formats: [.png])
    let configuration = SnapshotConfiguration(
      directory: scratch.url.appendingPathComponent("snap"),
      record: try RecordMode.resolve(environment: environment(ci: ci)),
      artifacts: scratch.url.appendingPathComponent("art"))
    var statuses: [String: String] = [:]
    withSnapshotConfiguration(configuration) {
      for job in plan.jobs {
        let failure = verifySnapshot(
          of: job.component, options: job.options,
          named: String(job.relativePath.dropLast(".png".count)))
        statuses[job.relativePath] = failure == nil ? "match" : "failed"
      }
    }
    return Found(
      statuses: statuses, files: try goldens(in: scratch),
      passed: statuses.values.allSatisfy { $0 == "match" })
  }

  @Test(arguments: Seed.allCases, [false, true])
  func theFacesFindTheSameEntriesFilesAndVerdict(_ seed: Seed, ci: Bool) throws {
    let fixture = try Self.seeded(seed)
    let cliScratch = try Self.copy(of: fixture)
    let requestScratch = try Self.copy(of: fixture)
    let verifierScratch = try Self.copy(of: fixture)
    let libraryScratch = try Self.copy(of: fixture)
    let cli = try Self.commandLine(cliScratch, ci: ci)
    let request = try Self.request(requestScratch, ci: ci)
    let verifier = try Self.goldenVerifier(verifierScratch, ci: ci)
    let library = try Self.testLibrary(libraryScratch, ci: ci)

    #expect(request == cli)
    #expect(verifier == cli)
    // The test library judges each image alone: no orphans (no manifest to judge them by),
    // pass or fail for a status; the files and the verdict are the same.
    let images = cli.statuses.filter { $0.value != "orphan" }
    #expect(library.statuses == images.mapValues { $0 == "match" ? "match" : "failed" })
    #expect(library.passed == cli.passed)
    #expect(
      library.files.filter { !$0.key.hasPrefix("gone/") }
        == cli.files.filter { !$0.key.hasPrefix("gone/") })
    // What each seed means, as the command line found it.
    switch seed {
    case .pass, .orphan: #expect(cli.passed)
    case .fail, .missing: #expect(!cli.passed)
    }
    if seed == .orphan { #expect(cli.statuses["gone/collapsed@1x.png"] == "orphan") }
    if seed == .missing {
      #expect(cli.statuses["b/expanded@1x.png"] == "missing")
      #expect((cli.files["b/expanded@1x.png"] != nil) == !ci, "recorded only off CI")
    }
  }

  /// The faces with a cache (the command line's `--cache`, the request's `cacheURL`; the test
  /// library has none) find what the command line finds without one, one face after the
  /// other on the same cache.
  @Test(arguments: Seed.allCases, [false, true])
  func aCacheChangesNoEntryFileOrVerdict(_ seed: Seed, ci: Bool) throws {
    guard let cache = try NginxCache(.store) else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return
    }
    let fixture = try Self.seeded(seed)
    let without = try Self.commandLine(try Self.copy(of: fixture), ci: ci)
    #expect(try Self.commandLine(try Self.copy(of: fixture), ci: ci, cache: cache.url) == without)
    #expect(try Self.request(try Self.copy(of: fixture), ci: ci, cache: cache.url) == without)
  }

  /// Approving every failure through the engine's review of a verify outcome (what the
  /// workbench's review page calls) writes the goldens `verify --record failed` writes, and
  /// the next verify passes on CI through both faces.
  @Test func theEngineSApproveAllWritesWhatRecordFailedWrites() throws {
    let fixture = try Self.seeded(.fail)
    let cliScratch = try Self.copy(of: fixture)
    let engineScratch = try Self.copy(of: fixture)
    let recorded = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", "failed"],
      in: cliScratch.url, environment: [:])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    let request = VerifyRequest(
      manifest: engineScratch.url.appendingPathComponent("m.json").path,
      snapshots: engineScratch.url.appendingPathComponent("snap").path,
      artifacts: engineScratch.url.appendingPathComponent("art").path, recordMode: .never,
      workers: 2, environment: [:])
    let outcome = try request.run()
    var review = try outcome.review()
    let decision = try review.approveAll()
    #expect(decision.paths == outcome.report.failures.map(\.path))
    #expect(!decision.paths.isEmpty)
    #expect(try Self.goldens(in: engineScratch) == Self.goldens(in: cliScratch))
    #expect(try Self.commandLine(cliScratch, ci: true).passed)
    #expect(try Self.request(engineScratch, ci: true).passed)
  }
}
