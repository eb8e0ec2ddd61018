import Foundation
import Testing

/// A scratch folder with a small manifest for `verify`: item `a` (collapsed only) and item `b`
/// (both states), at scale 1 so the images stay small; goldens in `snap`, artifacts in `art`.
struct VerifyFixture {
  let scratch = try! Scratch()
  static let goldens = ["a/collapsed@1x.png", "b/collapsed@1x.png", "b/expanded@1x.png"]
  /// The layout record written beside each golden.
  static let records = goldens.map { $0.replacingOccurrences(of: ".png", with: ".layout.json") }

  init() throws { try writeManifest() }

  /// Rewrites `m.json`; the defaults give the goldens above.
  func writeManifest(
    aText: String = "Alpha beta gamma delta epsilon zeta eta theta iota kappa",
    width: Int = 160, withB: Bool = true, top: String = ""
  ) throws {
    let b = withB ? #", {"name": "b", "text": "Short", "states": "both"}"# : ""
    try scratch.write(
      "m.json",
      """
      {\(top)"defaults": {"width": \(width), "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [{"name": "a", "text": "\(aText)"}\(b)]}
      """)
  }

  /// `verify m.json --snapshots snap --artifacts art` plus `arguments`.
  func verify(_ arguments: String..., environment: [String: String] = [:]) throws -> CLI.Output {
    try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"] + arguments,
      in: scratch.url, environment: environment)
  }

  /// The same run by the built executable: for a test of the accept command it prints, which
  /// names the program as it was started (a run in process would name the test runner).
  func verifyExecutable(_ arguments: String...) throws -> CLI.Output {
    try CLI.run(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"] + arguments,
      in: scratch.url)
  }

  func url(_ path: String) -> URL { scratch.url.appendingPathComponent(path) }

  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

  /// The tool's record of golden keys (`verify --changed`), kept beside the goldens.
  static let keyRecord = ".expandable-preview-golden-keys.json"

  /// Every golden's bytes (and fingerprint.json), the key record left out.
  func goldenFiles() throws -> [String: Data] {
    try scratch.files(in: "snap").filter { $0.key != Self.keyRecord }
  }

  func modificationDate(_ path: String) throws -> Date {
    try #require(
      FileManager.default.attributesOfItem(atPath: url(path).path)[.modificationDate] as? Date)
  }

  /// Sets every file under `snap` to a modification date long past, so a rewrite shows.
  func ageGoldens() throws {
    for path in try goldenFiles().keys {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
        ofItemAtPath: url("snap/" + path).path)
    }
  }

  func modificationDates() throws -> [String: Date] {
    var dates: [String: Date] = [:]
    for path in try goldenFiles().keys { dates[path] = try modificationDate("snap/" + path) }
    return dates
  }

  /// `art/report.json`.
  func report() throws -> [String: Any] { try scratch.json("art/report.json") }

  /// The report.json entries by path.
  func reportImages() throws -> [String: [String: Any]] {
    let images = try #require(try report()["images"] as? [[String: Any]])
    var byPath: [String: [String: Any]] = [:]
    for image in images { byPath[try #require(image["path"] as? String)] = image }
    return byPath
  }

  func statuses() throws -> [String: String] {
    try reportImages().mapValues { $0["status"] as? String ?? "?" }
  }

  /// Records the three goldens (record mode missing) and checks that it did.
  func record() throws {
    let result = try verify("--record", "missing")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      Set(try goldenFiles().keys) == Set(Self.goldens + Self.records + ["fingerprint.json"]))
  }
}
