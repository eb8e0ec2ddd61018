import ExpandablePreviewEngine

/// `expandable-preview completions bash|zsh|fish`: prints a completion script written from the
/// commands' option tables.
struct CompletionsCommand {
  /// How `completions` is called (one shell, no options), and its help.
  static let form = CommandForm(
    command: "completions", operands: "bash|zsh|fish", options: [],
    overview: """
      Print a shell completion script for every command and option.
      """,
    details: """
      Prints a shell completion script for every command and option:
        bash: source <(expandable-preview completions bash)   (e.g. in ~/.bashrc)
        zsh:  source <(expandable-preview completions zsh)    (after compinit, e.g. in ~/.zshrc)
        fish: expandable-preview completions fish > ~/.config/fish/completions/expandable-preview.fish
      """)

  /// `completions --help`.
  static var help: String { form.help }

  var shell: CompletionShell

  init(arguments: inout ArgumentReader) throws(UsageError) {
    let names = OptionValue.list(CompletionShell.allCases.map(\.rawValue))
    guard let name = arguments.next() else { throw UsageError("completions needs \(names)") }
    guard let shell = CompletionShell(rawValue: name) else {
      throw UsageError("completions: unknown shell '\(name)'; expected \(names)")
    }
    if let extra = arguments.next() {
      throw UsageError("completions takes one shell; got '\(name)' and '\(extra)'")
    }
    self.shell = shell
  }

  /// Prints the script that completes `commands` (the registry's).
  func run(commands: [CommandDeclaration]) -> Int32 {
    Console.print(CompletionScripts.script(for: shell, commands: commands), terminator: "")
    return 0
  }
}
