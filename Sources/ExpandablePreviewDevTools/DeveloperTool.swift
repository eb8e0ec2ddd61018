import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation

/// `expandable-preview-dev`: the commands that measure and shake the renderer rather than use
/// it. They stand on the CLI's option tables, help and dispatch, in a program of their own, so
/// the user's binary neither carries them nor links the fuzzing target.
extension CommandRegistry {
  package static let developer: CommandRegistry = {
    var registry = CommandRegistry(commands: [
      CommandDeclaration(
        summary: "Render random components, checking invariants and memory",
        forms: [StressCommand.form], positional: .none,
        run: .here { reader, _ in try StressCommand(arguments: &reader).run() }),
      CommandDeclaration(
        summary: "Benchmark a mixed corpus against pango-view", forms: [BenchCommand.form],
        positional: .none, run: .here { reader, _ in try BenchCommand(arguments: &reader).run() }),
      CommandDeclaration(
        summary: "Replay saved fuzzer inputs", forms: [FuzzReplayCommand.form],
        positional: .file,
        run: .here { reader, _ in try FuzzReplayCommand(arguments: &reader).run() }),
    ])
    registry.tool = developerTool
    registry.about = """
      The developers' commands of expandable-preview: benchmarks, a stress run and the fuzz
      targets' replay. Build with -c release for meaningful figures.
      """
    registry.exitStatus = """
        0 success; 1 stress: some component broke an invariant (fuzz-replay stops at a broken
        check with its reason); 2 the command line is invalid or a file cannot be read or
        written; 130 bench stopped by Ctrl-C.
      """
    return registry
  }()
}

extension CommandForm {
  /// This form as the developer tool runs it: its USAGE line names that program.
  var inDeveloperTool: CommandForm {
    var form = self
    form.tool = CommandRegistry.developerTool
    return form
  }
}

/// Runs one command line of the developer tool (without the program name); the exit status.
public func runDeveloperTool(_ arguments: [String]) -> Int32 {
  runTool(
    arguments, registry: .developer, supplying: [:],
    environment: ProcessInfo.processInfo.environment)
}
