import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewDevTools
@testable import ExpandablePreviewEngine

/// Each command's options are declared once (``OptionTable``): parsing, `--help`, "did you
/// mean", the documentation's tables and the shell completions come from the declaration, and
/// every default it states is the value the code starts with.
@Suite struct CommandOptionsTests {
  /// Defaults stated in words, not as a value the option takes.
  static let defaultsInWords: Set = [
    "the number of cores", "missing; never on CI", "--out's extension",
    "the manifest's \"formats\", else png",
    // No device: the width and padding are the settings' own.
    "none",
  ]

  /// The value a documented default stands for: `"... "` is the text between the quotes.
  private func value(of documented: String) -> String {
    documented.count > 1 && documented.hasPrefix("\"") && documented.hasSuffix("\"")
      ? String(documented.dropFirst().dropLast()) : documented
  }

  /// Giving each option its documented default changes nothing: `parse` reads a command line
  /// into everything the command keeps, written out to compare.
  private func expectDefaultsHold(
    _ options: [OptionDocumentation], command: String,
    parse: ([String]) throws -> String
  ) throws -> Int {
    let start = try parse([])
    var checked = 0
    for option in options {
      guard let documented = option.defaultValue else { continue }
      if Self.defaultsInWords.contains(documented) { continue }
      #expect(option.value != nil, "\(command) \(option.name): a switch with a default")
      let given = try parse([option.name, value(of: documented)])
      #expect(given == start, "\(command) \(option.name) \(documented) is not the default")
      checked += 1
    }
    return checked
  }

  @Test func everyDocumentedDefaultIsTheValueTheCommandStartsWith() throws {
    var checked = 0
    checked += try expectDefaultsHold(StressCommand.optionTable.documentation, command: "stress") {
      var reader = ArgumentReader($0)
      return String(describing: try StressCommand(arguments: &reader))
    }
    checked += try expectDefaultsHold(BenchCommand.optionTable.documentation, command: "bench") {
      var reader = ArgumentReader($0)
      return String(describing: try BenchCommand(arguments: &reader))
    }
    checked += try expectDefaultsHold(
      VerifyCommand.optionTable.documentation, command: "verify"
    ) {
      var reader = ArgumentReader(["m.json", "--snapshots", "s", "--record", "never"] + $0)
      return String(describing: try VerifyCommand(arguments: &reader, environment: [:]))
    }
    checked += try expectDefaultsHold(
      RenderManifestCommand.optionTable.documentation, command: "render MANIFEST"
    ) {
      var reader = ArgumentReader(["m.json", "--out", "o"] + $0)
      return String(describing: try RenderManifestCommand(arguments: &reader))
    }
    // render --text: the settings' flags too, whose defaults are the library's.
    checked += try expectDefaultsHold(
      RenderTextCommand.optionTable.documentation, command: "render --text"
    ) {
      var reader = ArgumentReader(["--text", "x", "--out", "x.png"] + $0)
      var command = try RenderTextCommand(arguments: &reader)
      // `--tint` without `--markdown` is warned about, whatever its value; the settings as
      // given differ, what they resolve to (the component, the job) is compared.
      command.ineffectiveFlags = []
      command.settings = []
      return String(describing: command)
    }
    checked += try expectDefaultsHold(
      FuzzReplayCommand.optionTable.documentation, command: "fuzz-replay"
    ) {
      var reader = ArgumentReader(["input"] + $0)
      return String(describing: try FuzzReplayCommand(arguments: &reader))
    }
    // threshold, max-diff-*, artifacts, items, seed, repetitions, components, max-renders, the
    // settings (line limit, width, scale, …): most of what is documented is checked.
    #expect(checked >= 25, "only \(checked) defaults checked")
  }

  @Test func aDefaultThatIsNotTheCodesIsCaught() throws {
    // The check above fails for a wrong default: 5 components is not what stress starts with.
    var reader = ArgumentReader(["--components", "5"])
    var start = ArgumentReader([String]())
    #expect(
      String(describing: try StressCommand(arguments: &reader))
        != String(describing: try StressCommand(arguments: &start)))
  }

  @Test func theSettingsTableDefaultsAreTheLibrarys() throws {
    // Settings whose default is a value: read as the manifest reads it, it is the library's.
    let inWords: Set = [
      "expandButton", "collapseButton", "animation", "states", "formats", "device",
    ]
    let library = ExpandableText(text: "x")
    for setting in ComponentSettings.table where !inWords.contains(setting.key) {
      let json =
        (try? JSONReader.parse(Array(setting.defaultValue.utf8))) != nil
        ? setting.defaultValue : "\"\(setting.defaultValue)\""
      let source = ManifestSource(
        path: "d.json", bytes: Array("{\"\(setting.key)\": \(json)}".utf8))
      let settings = try ComponentSettings(
        reading: ObjectReader(
          try JSONReader.parse(source.bytes), scope: "defaults",
          knownKeys: ComponentSettings.keys, source: source))
      #expect(settings.component(text: "x") == library, "\(setting.key) \(setting.defaultValue)")
      #expect(settings.renderOptions == RenderOptions(), "\(setting.key) \(setting.defaultValue)")
    }
  }

  @Test func everyOptionAHelpMentionsExists() {
    // The developer tool's commands too: they are declared with the same tables.
    let commands = CommandRegistry.standard.commands + CommandRegistry.developer.commands
    let known = Set(commands.flatMap { $0.options.map(\.name) } + ["--help", "--version"])
    for command in commands {
      for option in Self.optionsMentioned(in: command.help) {
        #expect(known.contains(option), "\(command.name) --help mentions \(option)")
      }
      for option in command.options {
        #expect(
          command.help.contains(option.synopsis), "\(command.name) --help lacks \(option.name)")
      }
    }
  }

  @Test func anUnknownOptionSuggestsTheNearestDeclaredOne() {
    var reader = ArgumentReader(["--thresold", "0.2"])
    do {
      _ = try VerifyCommand(arguments: &reader, environment: [:])
      Issue.record("--thresold was accepted")
    } catch {
      #expect(
        error.description
          == "unknown option '--thresold' for verify (did you mean '--threshold'?); see 'verify --help'"
      )
    }
  }

  /// The options a help text names (`--word`), in order, once each.
  static func optionsMentioned(in help: String) -> [String] {
    var seen: [String] = []
    for word in help.split(whereSeparator: {
      $0 == " " || $0 == "\n" || $0 == "," || $0 == "[" || $0 == "(" || $0 == "|" || $0 == "'"
    }) {
      let option = word.prefix { $0 == "-" || $0.isLetter || $0.isNumber }
      if option.hasPrefix("--"), option.count > 2, !seen.contains(String(option)) {
        seen.append(String(option))
      }
    }
    return seen
  }
}

/// `expandable-preview completions`: scripts from the option tables that the shells accept.
@Suite struct CompletionScriptTests {
  private func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  private func scriptFile(_ shell: CompletionShell) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-completion-\(ProcessInfo.processInfo.processIdentifier).\(shell)")
    try CompletionScripts.script(for: shell, commands: CommandRegistry.standard.commands)
      .write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// What bash's completion function offers for `words`, the last one being completed.
  private func bashCompletions(_ words: [String]) throws -> [String] {
    let script = try scriptFile(.bash)
    defer { try? FileManager.default.removeItem(at: script) }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    // The function `complete -p` names for the tool, called as bash calls it.
    let (status, output) = try run(
      "/bin/bash",
      [
        "-c",
        """
        source '\(script.path)'
        function=$(complete -p expandable-preview | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        "$function"
        printf '%s\\n' "${COMPREPLY[@]}"
        """,
      ])
    #expect(status == 0, "\(output)")
    return output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesOptionsCommandsAndValues() throws {
    #expect(
      try bashCompletions(["expandable-preview", "render", "--fo"])
        == ["--format", "--force", "--font", "--fonts"])
    #expect(try bashCompletions(["expandable-preview", "render", "--form"]) == ["--format"])
    // An option's value: nothing to offer for a number, rather than the option names.
    #expect(try bashCompletions(["expandable-preview", "render", "--line-limit", ""]) == [])
    #expect(try bashCompletions(["expandable-preview", "ver"]) == ["verify"])
    #expect(try bashCompletions(["expandable-preview", "verify", "--record", "m"]) == ["missing"])
    #expect(
      try bashCompletions(["expandable-preview", "render", "--format", ""]) == [
        "png", "svg", "pdf",
      ])
    #expect(try bashCompletions(["expandable-preview", "goldens", "--s"]) == ["--snapshots"])
    // The developer commands are another program's.
    #expect(try bashCompletions(["expandable-preview", "str"]) == [])
  }

  @Test(arguments: [CompletionShell.zsh, .fish])
  func zshAndFishAcceptTheirScripts(shell: CompletionShell) throws {
    let path = "/usr/bin/\(shell)"
    guard FileManager.default.isExecutableFile(atPath: path) else {
      // Scripts/setup.sh --test-tools installs both; say what was not checked.
      Issue.record("\(path) is not installed: its completion script was not checked")
      return
    }
    let script = try scriptFile(shell)
    defer { try? FileManager.default.removeItem(at: script) }
    let (status, output) = try run(path, ["-n", script.path])
    #expect(status == 0, "\(shell) -n: \(output)")
    if shell == .fish {
      // Loaded, fish offers the declared options.
      let (_, offered) = try run(
        path, ["-c", "source \(script.path); complete -C 'expandable-preview render --fo'"])
      #expect(offered.contains("--format"), "\(offered)")
    }
  }
}
