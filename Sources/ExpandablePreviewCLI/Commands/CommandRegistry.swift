import ExpandablePreviewEngine

/// One command of the tool, declared once: the dispatch, the tool's `--help`, the command's
/// `--help` (one USAGE line per form), the shell completions and Documentation/CommandLine.md's
/// command list and option tables are all written from these.
package struct CommandDeclaration: Sendable {
  /// One line: the shells' completion menus.
  var summary: String
  /// The ways to call it (`render` has two: a manifest, or one component with `--text`).
  var forms: [CommandForm]
  /// What a shell completes for an argument that is not an option's value.
  var positional: OptionCompletion
  var run: Run

  package init(
    summary: String, forms: [CommandForm], positional: OptionCompletion, run: Run
  ) {
    self.summary = summary
    self.forms = forms
    self.positional = positional
    self.run = run
  }

  /// How a command runs.
  package enum Run: Sendable {
    /// In this target, on the arguments after its name.
    case here(@Sendable (inout ArgumentReader, CommandInvocation) throws -> Int32)
    /// By the executable, which hands it to ``runTool(_:supplying:environment:)``: `serve`
    /// runs in the workbench, which stands beside this target, not on it.
    case supplied
  }

  /// The name, as the first form's option table gives it.
  package var name: String { forms[0].command }

  /// `<command> --help`: every form's USAGE line and details.
  package var help: String { forms.map(\.help).joined(separator: "\n\n") }

  /// Every form's options, each name once (what completions and the docs' table list).
  var options: [OptionDocumentation] { Self.merged(forms.flatMap(\.options)) }

  /// The forms of `render` share option names: each name once, a file completion winning over
  /// a folder (a file name completes folders on the way).
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

/// What a command's run gets besides the arguments after its name.
package struct CommandInvocation: Sendable {
  /// The whole command line, without the program's name.
  var arguments: [String]
  /// The variables the run reads (the record mode's, the cache's).
  var environment: [String: String]
  /// The commands of this run (what `completions` writes a script for).
  var registry: CommandRegistry
}

/// A tool's commands, in the order the help, the completions and the docs list them.
package struct CommandRegistry: Sendable {
  /// The program, as USAGE lines, `--help` and errors name it.
  package var tool = CompletionScripts.tool
  /// What `--help` says between its USAGE line and the commands.
  package var about = Self.standardAbout
  /// What `--help` says under EXIT STATUS, each line indented by two spaces.
  package var exitStatus = Self.standardExitStatus
  package var commands: [CommandDeclaration]
  /// Commands that another program runs, by name, with that program: a user who types one
  /// is told where it went (`bench` in `expandable-preview-dev`), not "unknown command".
  package var elsewhere: [String: String] = [:]

  package init(commands: [CommandDeclaration]) {
    self.commands = commands
  }

  package func command(named name: String) -> CommandDeclaration? {
    commands.first { $0.name == name }
  }

  /// The developer tool and the commands it runs, which the user's binary sends there.
  package static let developerTool = "expandable-preview-dev"
  package static let developerCommands = ["bench", "stress", "fuzz-replay"]

  package static let standard: CommandRegistry = {
    var registry = CommandRegistry(commands: standardCommands)
    for name in developerCommands { registry.elsewhere[name] = developerTool }
    return registry
  }()

  private static let standardCommands: [CommandDeclaration] = [
    CommandDeclaration(
      summary: "Render a manifest, or one component with --text",
      forms: [RenderManifestCommand.form, RenderTextCommand.form], positional: .file,
      run: .here { reader, invocation in
        // The single-component form is the one with --text or --text-file.
        invocation.arguments.contains { $0 == "--text" || $0 == "--text-file" }
          ? try RenderTextCommand(arguments: &reader).run()
          : try RenderManifestCommand(arguments: &reader, environment: invocation.environment)
            .run()
      }),
    CommandDeclaration(
      summary: "Compare a manifest's renders with their goldens", forms: [VerifyCommand.form],
      positional: .file,
      run: .here { try VerifyCommand(arguments: &$0, environment: $1.environment).run() }),
    CommandDeclaration(
      summary: "Move goldens into a lock and a golden store, back, or check the store",
      forms: [GoldensCommand.form],
      positional: .choices(GoldensCommand.Action.allCases.map(\.rawValue)),
      run: .here { try GoldensCommand(arguments: &$0, environment: $1.environment).run() }),
    CommandDeclaration(
      summary: "Merge the report blobs of a sharded verify or render",
      forms: [MergeReportsCommand.form], positional: .directory,
      run: .here { reader, _ in try MergeReportsCommand(arguments: &reader).run() }),
    CommandDeclaration(
      summary: "Start the live workbench in the browser", forms: [ServeOptions.form],
      positional: .file, run: .supplied),
    CommandDeclaration(
      summary: "Print a shell completion script", forms: [CompletionsCommand.form],
      positional: .choices(CompletionShell.allCases.map(\.rawValue)),
      run: .here { reader, invocation in
        try CompletionsCommand(arguments: &reader).run(commands: invocation.registry.commands)
      }),
  ]
}
