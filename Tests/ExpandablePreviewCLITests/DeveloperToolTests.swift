import Foundation
import Testing

/// `bench`, `stress` and `fuzz-replay` live in the developer tool, `expandable-preview-dev`:
/// the user's tool sends whoever types one there, with exit 2, and its help and completions
/// do not list them; the developer tool runs them with the CLI's option tables and help.
@Suite struct DeveloperToolTests {
  static let commands = ["bench", "stress", "fuzz-replay"]

  @Test(arguments: commands)
  func theUsersToolSendsADeveloperCommandToTheDeveloperTool(command: String) throws {
    let result = try Scratch().runExecutable(command, "--help")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(
      result.stderr
        == "error: '\(command)' is a developer command: it is not in expandable-preview but in "
        + "expandable-preview-dev (run 'expandable-preview-dev \(command) --help', or "
        + "'swift run expandable-preview-dev \(command)' in the package)\n",
      "\(result.stderr)")
  }

  @Test func theUsersHelpAndCompletionsDoNotListThem() throws {
    let scratch = try Scratch()
    let help = try scratch.run("--help")
    let bash = try scratch.run("completions", "bash")
    #expect(help.status == 0 && bash.status == 0)
    for command in Self.commands {
      #expect(!help.stdout.contains("  \(command) "), "--help lists \(command)")
      #expect(!bash.stdout.contains(" \(command)"), "the bash completions offer \(command)")
    }
  }

  @Test func theDeveloperToolListsAndHelpsItsCommands() throws {
    let scratch = try Scratch()
    let help = try CLI.run(["--help"], in: scratch.url, executable: CLI.developerExecutable)
    #expect(help.status == 0, "\(help.stderr)")
    #expect(help.stdout.hasPrefix("USAGE: expandable-preview-dev <command> [options]\n"))
    for synopsis in ["stress [options]", "bench [options]", "fuzz-replay FILE… [options]"] {
      #expect(help.stdout.contains("\n  \(synopsis)\n"), "\(help.stdout)")
    }
    for command in Self.commands {
      let own = try scratch.runDeveloperTool(command, "--help")
      #expect(own.status == 0)
      #expect(own.stdout.hasPrefix("USAGE: expandable-preview-dev \(command) "), "\(own.stdout)")
    }
    let render = try scratch.runDeveloperTool("render", "m.json")
    #expect(render.status == 2)
    #expect(
      render.stderr.contains("unknown command 'render'")
        && render.stderr.contains("see 'expandable-preview-dev --help'"), "\(render.stderr)")
  }

  /// The shared option tables read the developer commands' options as the user's tool reads
  /// its own: `--jobs` has the one range.
  @Test func developerCommandMistakesExitWithTwo() throws {
    let scratch = try Scratch()
    for arguments in [["bench", "--jobs", "100000"], ["stress", "--jobs", "0"]] {
      let result = try CLI.runInProcess(arguments, in: scratch.url, developerTool: true)
      #expect(result.status == 2, "\(arguments)")
      #expect(
        result.stderr.contains("--jobs expects a whole number from 1 to 1024"),
        "\(arguments): \(result.stderr)")
    }
  }
}
