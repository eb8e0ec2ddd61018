import Foundation
import Testing

/// Pins what `verify` says, word for word: report.json, junit.xml, standard output and standard
/// error of a seeded set of cases (recorded, pass, pixels differ, layout differs, missing
/// golden, size changed, animated frame differs, unreadable golden, orphan, unchanged (key)),
/// compared with the text the code wrote before (`Tests/Fixtures/verify-pin/`), so a refactor of the
/// verdict types cannot drift the wording, the JSON shape or the exit code.
@Suite struct VerifyOutputPinTests {
  static let pinFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/verify-pin")

  static let longText = "Alpha beta gamma delta epsilon zeta eta theta iota kappa"

  /// Seven items at scale 1: `pass`, `pixels` (its color changes), `layout` (its text
  /// changes), `missing` (its golden is deleted), `size` (its width changes), `anim` (its
  /// collapse label changes: a later frame differs), `unreadable` (its golden is garbage).
  static func manifest(changed: Bool) -> String {
    let color = changed ? "#FF0000" : "#000000"
    let layoutText =
      changed ? "Alphabet beta gamma delta epsilon zeta eta theta iota kappa" : longText
    let width = changed ? 180 : 160
    let less = changed ? "show less" : "less"
    return """
      {"defaults": {"width": 160, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [
        {"name": "pass", "text": "\(longText)"},
        {"name": "pixels", "text": "\(longText)", "color": "\(color)"},
        {"name": "layout", "text": "\(layoutText)"},
        {"name": "missing", "text": "Short"},
        {"name": "size", "text": "\(longText)", "width": \(width)},
        {"name": "anim", "text": "\(AnimationCLITests.text)", "width": 200,
         "collapseButton": "\(less)", "animation": {"curve": "linear", "fps": 20},
         "states": "expanding"},
        {"name": "unreadable", "text": "Short"}]}
      """
  }

  /// A run's four outputs with the exit code; the scratch path, the runner's path and the
  /// elapsed seconds replaced by fixed words, the progress lines (in the order workers finish)
  /// left out.
  static func outputs(_ run: CLI.Output, in scratch: Scratch) throws -> [String: String] {
    func normalized(_ text: String) -> String {
      var text = text.replacingOccurrences(of: scratch.url.path, with: "$SCRATCH")
      text = text.replacingOccurrences(of: CommandLine.arguments[0], with: "$TOOL")
      text = text.replacingOccurrences(
        of: #"in [0-9]+\.[0-9]{2} s"#, with: "in $SECONDS s", options: .regularExpression)
      return text.replacingOccurrences(
        of: #"(?m)^\[[0-9]+/[0-9]+\] .*\n"#, with: "", options: .regularExpression)
    }
    func file(_ path: String) throws -> String {
      normalized(
        String(
          decoding: try Data(contentsOf: scratch.url.appendingPathComponent(path)), as: UTF8.self))
    }
    return [
      "stdout": "exit \(run.status)\n" + normalized(run.stdout),
      "stderr": normalized(run.stderr),
      "report.json": try file("art/report.json"),
      "junit.xml": try file("art/junit.xml"),
    ]
  }

  /// Compares `outputs` of the run named `name` with the pinned files `NAME.KIND.txt`; on a
  /// difference the actual text is left in a temporary file named in the failure.
  static func expectPinned(_ outputs: [String: String], name: String) throws {
    for (kind, actual) in outputs.sorted(by: { $0.key < $1.key }) {
      let pin = pinFolder.appendingPathComponent("\(name).\(kind).txt")
      let expected = (try? Data(contentsOf: pin)).map { String(decoding: $0, as: UTF8.self) }
      if actual != expected {
        let left = FileManager.default.temporaryDirectory.appendingPathComponent(
          "verify-pin-\(UUID().uuidString)-\(name).\(kind).txt")
        try Data(actual.utf8).write(to: left)
        Issue.record("\(name) \(kind) differs from \(pin.lastPathComponent); actual: \(left.path)")
      }
    }
  }

  @Test func verifyWordsEveryVerdictAsPinned() throws {
    let scratch = try Scratch()
    func verify(_ arguments: String...) throws -> CLI.Output {
      try CLI.runInProcess(
        ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"] + arguments,
        in: scratch.url)
    }
    try scratch.write("m.json", Self.manifest(changed: false))
    let recording = try verify("--record", "missing")
    try Self.expectPinned(try Self.outputs(recording, in: scratch), name: "record")

    // Unchanged goldens are not rendered: their keys and files are the recorded ones.
    let unchanged = try verify("--changed", "--record", "never")
    try Self.expectPinned(try Self.outputs(unchanged, in: scratch), name: "changed")

    try scratch.write("m.json", Self.manifest(changed: true))
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("snap/missing/collapsed@1x.png"))
    try scratch.write("snap/unreadable/collapsed@1x.png", "not a PNG")
    try scratch.write("snap/gone/collapsed@1x.png", "an orphan")
    let failing = try verify("--record", "never")
    try Self.expectPinned(try Self.outputs(failing, in: scratch), name: "failing")
  }
}
