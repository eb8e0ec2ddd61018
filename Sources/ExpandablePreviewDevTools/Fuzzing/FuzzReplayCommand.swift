import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation

/// `expandable-preview-dev fuzz-replay [--target layout|manifest|render-record|layout-record] FILE…`: runs saved fuzzer inputs
/// (or stress failures) through the same checks as the fuzzer, in an ordinary build.
struct FuzzReplayCommand {
  /// How `fuzz-replay` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "FILE…",
    overview: """
      Replay saved fuzzer inputs through the fuzz targets' checks.
      """,
    details: """
      Replays fuzzer inputs through the fuzz target's checks without libFuzzer: a broken
      invariant stops the program with the reason. Stress failures are layout inputs.

      OPTIONS:
      \(optionTable.helpRows)
      """
  ).inDeveloperTool

  /// `fuzz-replay --help`.
  static var help: String { form.help }

  /// Which fuzz target's checks replay the inputs.
  enum Target: String, Sendable, CaseIterable {
    case layout, manifest
    case renderRecord = "render-record"
    case layoutRecord = "layout-record"
  }

  var target = Target.layout
  var files: [String] = []

  static let optionTable = OptionTable<FuzzReplayCommand>(
    command: "fuzz-replay",
    options: [
      .choice(
        "--target", "TARGET", \.target, help: "The fuzz target whose checks run",
        defaultValue: FuzzReplayCommand(files: []).target)
    ])

  private init(files: [String]) { self.files = files }

  init(arguments: inout ArgumentReader) throws(UsageError) {
    try Self.optionTable.parse(
      &arguments, into: &self, positional: { command, file in command.files.append(file) })
    guard !files.isEmpty else { throw UsageError("fuzz-replay needs at least one input file") }
  }

  func run() throws -> Int32 {
    for file in files {
      guard let data = FileManager.default.contents(atPath: RunDirectory.path(file)) else {
        throw UsageError("fuzz-replay: cannot read '\(file)'")
      }
      FuzzTargets.run(target, [UInt8](data))
    }
    Console.print("replayed \(files.count) \(target.rawValue) inputs; every check held")
    return 0
  }
}
