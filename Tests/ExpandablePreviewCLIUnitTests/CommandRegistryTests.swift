import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation
import TestSupport
import Testing

@testable import ExpandablePreviewCLI

/// Commands are declared once (``CommandRegistry``): the dispatch, the tool's `--help`, each
/// command's USAGE line, the completions and the docs' command list come from the declaration.
@Suite struct CommandRegistryTests {
  /// Runs `arguments` in process against `registry`, output and errors caught in files.
  private func run(_ arguments: [String], registry: CommandRegistry = .standard) throws
    -> ParallelRunsTests.RunResult
  {
    let folder = try temporaryFolder("registry-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try ParallelRunsTests.run(arguments, in: folder, registry: registry)
  }

  /// A command that is not the tool's: `probe [--level N] [--loud]`, printing what it read.
  struct Probe {
    var level = 1
    var loud = false

    static let optionTable = OptionTable<Probe>(
      command: "probe",
      options: [
        .value(
          "--level", "N", \.level, expected: "a positive number", help: "How deep to probe.",
          defaultValue: "1", convert: positiveInteger),
        .flag("--loud", \.loud, help: "Say it twice."),
      ])

    static let declaration = CommandDeclaration(
      summary: "Probe the registry",
      forms: [
        CommandForm(
          optionTable, overview: "Print the level it was given.",
          details: "OPTIONS:\n\(optionTable.helpRows)")
      ],
      positional: .none,
      run: .here { reader, _ in
        var probe = Probe()
        try optionTable.parse(&reader, into: &probe)
        Console.print("probed at level \(probe.level)" + (probe.loud ? " (loud)" : ""))
        return 0
      })
  }

  @Test func everyOptionOfAFormIsInItsUsageLine() {
    for command in CommandRegistry.standard.commands {
      for form in command.forms {
        let words = Set(CommandOptionsTests.optionsMentioned(in: form.usage))
        for option in form.options {
          #expect(words.contains(option.name), "\(command.name)'s USAGE omits \(option.name)")
        }
        #expect(command.help.contains(form.usage), "\(command.name) --help lacks its USAGE")
      }
    }
    // The options whose absence the hand-written lines hid.
    let verify = CommandRegistry.standard.command(named: "verify")!.forms[0].usage
    for name in ["--compare", "--changed", "--strict", "--system-fonts", "--max-renders"] {
      #expect(verify.contains("[\(name)"), "verify's USAGE omits \(name)")
    }
  }

  @Test func aUsageLineKeepsRequiredOptionsFirstAndAlternativesTogether() {
    let usage = CommandRegistry.standard.command(named: "render")!.forms[1].usage
    #expect(
      usage.hasPrefix(
        "USAGE: expandable-preview render (--text TEXT | --text-file FILE) --out FILE.png\n"))
    // Wrapped under the first term, no line past 96 characters.
    let lines = usage.split(separator: "\n")
    #expect(lines.count > 1)
    for line in lines {
      #expect(line.count <= 96, "\(line)")
    }
    for line in lines.dropFirst() {
      #expect(line.hasPrefix(String(repeating: " ", count: 33) + "["), "\(line)")
    }
    let verify = CommandRegistry.standard.command(named: "verify")!.forms[0]
    #expect(verify.usage.contains("[--quiet | --json]"))
    #expect(verify.synopsis == "verify MANIFEST --snapshots DIR [options]")
  }

  @Test func aCommandAddedToTheRegistryIsDispatchedHelpedCompletedAndDocumented() throws {
    let standard = CommandRegistry.standard
    var registry = standard
    registry.commands.append(Probe.declaration)

    // Dispatch: the new name runs its declaration on the arguments after it.
    let probed = try run(["probe", "--level", "3", "--loud"], registry: registry)
    #expect(probed.status == 0, "\(probed.errors)")
    #expect(probed.output == "probed at level 3 (loud)\n")
    // The standard tool does not know it, and says so.
    let unknown = try run(["probe"])
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("unknown command 'probe'"), "\(unknown.errors)")

    // The tool's --help lists it; its own --help starts with the USAGE line from its table.
    let help = try run(["--help"], registry: registry).output
    #expect(help.contains("  probe [options]\n      Print the level it was given."), "\(help)")
    #expect(!(try run(["--help"]).output.contains("probe")))
    let own = try run(["probe", "--help"], registry: registry)
    #expect(own.output.hasPrefix("USAGE: expandable-preview probe [--level N] [--loud]\n\n"))

    // The completions of the run's registry offer it and its options.
    let bash = try run(["completions", "bash"], registry: registry).output
    #expect(bash.contains("    probe)"), "\(bash)")
    #expect(bash.contains("'--level --loud --help'"), "\(bash)")
    #expect(!(try run(["completions", "bash"]).output.contains("probe")))
    let fish = try run(["completions", "fish"], registry: registry).output
    #expect(fish.contains("-a probe -d 'Probe the registry'"), "\(fish)")

    // The docs: a row in the command list and an option table.
    #expect(
      CommandReference.commandList(registry).hasSuffix(
        "| `probe [options]` | Print the level it was given. |\n"))
    #expect(!CommandReference.commandList(standard).contains("probe"))
    #expect(
      CommandReference.optionTables(registry).contains(
        "### `probe`\n\n| Option | Default | Meaning |\n| --- | --- | --- |\n"
          + "| `--level N` | `1` | How deep to probe. |\n| `--loud` | — | Say it twice. |\n"))
  }

  @Test func everyDeclaredCommandIsDispatchedAndListed() throws {
    let help = try run(["--help"]).output
    for command in CommandRegistry.standard.commands {
      let own = try run([command.name, "--help"])
      #expect(own.status == 0)
      #expect(own.output == command.help + "\n", "\(command.name) --help")
      for form in command.forms {
        #expect(help.contains("  \(form.synopsis)\n"), "--help lacks \(form.synopsis)")
      }
    }
    let typo = try run(["verfy"])
    #expect(typo.errors.contains("(did you mean 'verify'?)"), "\(typo.errors)")
  }

  @Test func aSuppliedCommandRunsOnlyWhereTheExecutableSuppliesIt() throws {
    let given = Locked<[String]>([])
    let serve = ToolCommand { arguments in
      given.withLock { $0 = arguments }
      return 7
    }
    #expect(runTool(["serve", "m.json", "--port", "0"], supplying: ["serve": serve]) == 7)
    #expect(given.withLock { $0 } == ["m.json", "--port", "0"])
    let alone = try run(["serve"])
    #expect(alone.status == 2)
    #expect(alone.errors.contains("serve runs in the expandable-preview executable only"))
  }
}
