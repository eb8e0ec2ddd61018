/// What the tool says about one command: its name, a line for the command list, its help and
/// its options. The completions and the documentation's option tables come from these.
struct CommandDocumentation: Sendable {
  var name: String
  var summary: String
  var help: String
  var options: [OptionDocumentation]
  /// What a shell completes for an argument that is not an option's value.
  var positional: OptionCompletion
}

extension CommandDocumentation {
  /// A command with one option table.
  init<Target>(
    _ name: String, _ summary: String, _ help: String, _ table: OptionTable<Target>,
    positional: OptionCompletion = .none
  ) {
    self.init(
      name: name, summary: summary, help: help, options: table.documentation,
      positional: positional)
  }
}

enum ToolCommands {
  /// Every command, in the order the completions and the documentation list them.
  static let all: [CommandDocumentation] = [
    CommandDocumentation(
      name: "render", summary: "Render a manifest, or one component with --text",
      help: RenderManifestCommand.help + "\n\n" + RenderTextCommand.help,
      options: merged(
        RenderManifestCommand.optionTable.documentation
          + RenderTextCommand.optionTable.documentation),
      positional: .file),
    CommandDocumentation(
      "verify", "Compare a manifest's renders with their goldens", VerifyCommand.help,
      VerifyCommand.optionTable, positional: .file),
    CommandDocumentation(
      "merge-reports", "Merge the report blobs of a sharded verify or render",
      MergeReportsCommand.help, MergeReportsCommand.optionTable, positional: .directory),
    CommandDocumentation(
      "stress", "Render random components, checking invariants and memory", StressCommand.help,
      StressCommand.optionTable),
    CommandDocumentation(
      "bench", "Benchmark a mixed corpus against pango-view", BenchCommand.help,
      BenchCommand.optionTable),
    CommandDocumentation(
      "fuzz-replay", "Replay saved fuzzer inputs", FuzzReplayCommand.help,
      FuzzReplayCommand.optionTable, positional: .file),
    CommandDocumentation(
      "serve", "Start the live workbench in the browser", ServeOptions.help,
      ServeOptions.optionTable, positional: .file),
    CommandDocumentation(
      name: "completions", summary: "Print a shell completion script",
      help: CompletionsCommand.help, options: [],
      positional: .choices(CompletionShell.allCases.map(\.rawValue))),
  ]

  /// The two forms of `render` share option names: each name once, a file completion winning
  /// over a folder (a file name completes folders on the way).
  static func merged(_ options: [OptionDocumentation]) -> [OptionDocumentation] {
    var result: [OptionDocumentation] = []
    for option in options {
      guard let index = result.firstIndex(where: { $0.name == option.name }) else {
        result.append(option)
        continue
      }
      if option.value?.completion == .file { result[index].value?.completion = .file }
    }
    return result
  }
}
