import Foundation

/// `expandable-preview fuzz-replay [--target layout|manifest] FILE…`: runs saved fuzzer inputs
/// (or stress failures) through the same checks as the fuzzer, in an ordinary build.
struct FuzzReplayCommand {
  static let help = """
    USAGE: expandable-preview fuzz-replay [--target layout|manifest] FILE…

    Replays fuzzer inputs through the fuzz target's checks without libFuzzer: a broken
    invariant stops the program with the reason. Stress failures are layout inputs.
    """

  var target = "layout"
  var files: [String] = []

  init(arguments: inout ArgumentReader) throws(UsageError) {
    while let argument = arguments.next() {
      if argument == "--target" {
        target = try arguments.value(for: argument, as: "layout or manifest") {
          ["layout", "manifest"].contains($0) ? $0 : nil
        }
      } else {
        files.append(argument)
      }
    }
    guard !files.isEmpty else { throw UsageError("fuzz-replay needs at least one input file") }
  }

  func run() throws -> Int32 {
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw UsageError("fuzz-replay: cannot read '\(file)'")
      }
      if target == "manifest" {
        FuzzTargets.manifest([UInt8](data))
      } else {
        FuzzTargets.layout([UInt8](data))
      }
    }
    print("replayed \(files.count) \(target) inputs; every check held")
    return 0
  }
}
