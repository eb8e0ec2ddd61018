import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

package let toolHelp = """
  USAGE: expandable-preview <command> [options]

  Renders expandable text components (collapsed, expanded, animated) to PNG, SVG and PDF
  with Pango and Cairo.

  COMMANDS:
    render MANIFEST --out DIR [--format png|svg|pdf…] [--jobs N] [--only NAME…] [--shard K/N]
           [--quiet | --json]
               Render every item, variant and state of a JSON manifest into DIR, in parallel,
               with DIR/<name>/layout.json per item and a gallery DIR/index.html.
    verify MANIFEST --snapshots DIR [--record missing|failed|all|never] [--artifacts DIR]
           [--threshold T] [--max-diff-pixels N] [--max-diff-ratio R] [--prune] [--jobs N]
           [--only NAME…] [--shard K/N] [--quiet | --json]
               Render a manifest and compare every image with its golden in DIR; write
               goldens in a record mode; report failures in report.html/report.json/junit.xml.
    merge-reports BLOB… [--artifacts DIR | --out DIR]
               Put the report blobs of a sharded verify or render (--report-blob DIR) together
               into one report (verify) or one gallery (render), as one unsharded run writes it.
    render (--text TEXT | --text-file FILE) --out FILE.png|.svg|.pdf [options]
               Render one state of one component (or its animation, as an animated PNG).
    stress [--components N] [--jobs N] [--seed S]
               Render N random components in both states on all cores, checking invariants
               and memory (--renders N is an older name for --components N).
    bench [--items N] [--jobs N] [--json] [--soak N] …
               Benchmark: render a mixed corpus, compare with pango-view.
    serve [MANIFEST] [--snapshots DIR] [--port N] [--host ADDRESS] [--jobs N] [--open]
               The live workbench: a playground page in the browser that re-renders every
               setting as you type; with a MANIFEST a live gallery, with --snapshots DIR a
               review page to approve goldens (loopback only; the URL carries an access token).
    fuzz-replay [--target layout|manifest] FILE…
               Replay saved fuzzer inputs through the fuzz targets' checks.
    completions bash|zsh|fish
               Print a shell completion script for every command and option.

  EXIT STATUS:
    0 success; 1 some renders failed (verify: some image does not match or has no golden);
    2 the command line or the manifest is invalid, or an output folder cannot be created or
    written.

  Run 'expandable-preview <command> --help' for a command's options; --version prints the
  tool's version and the Pango, Cairo, HarfBuzz, FreeType and fontconfig it runs with.
  """

/// The tool's version, and the libraries that decide how text looks (for bug reports and for
/// telling why two machines' images differ).
package let toolVersion = "2.0.0"

package var versionText: String {
  "expandable-preview \(toolVersion)\n"
    + LibraryVersions.current.named.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
}

/// A command that runs outside this target (`serve`, in the workbench target, which depends on
/// this one): how it runs on the arguments after its name. Its help and options are declared
/// here, in ``ToolCommands``.
package struct ToolCommand {
  package var run: ([String]) throws -> Int32

  package init(run: @escaping ([String]) throws -> Int32) {
    self.run = run
  }
}

/// Runs one command line (without the program name) and returns the exit status.
public func runTool(_ arguments: [String]) -> Int32 {
  runTool(arguments, extraCommands: [:])
}

/// Runs one command line in this process with its output going to `streams` and `environment`
/// as the variables it reads (the record mode's): how the tests run the tool's commands without
/// starting a process. The streams are this run's alone (``Console/streams``), and relative
/// paths resolve against `directory` (``RunDirectory``; the working directory when nil), so
/// runs in parallel neither see each other's output nor need to change the working directory.
package func runTool(
  _ arguments: [String], streams: ToolStreams, environment: [String: String],
  directory: URL? = nil
) -> Int32 {
  Console.$streams.withValue(streams) {
    RunDirectory.$current.withValue(directory?.absoluteURL) {
      runTool(arguments, extraCommands: [:], environment: environment)
    }
  }
}

/// Runs one command line with `extraCommands` beside the built-in ones.
package func runTool(
  _ arguments: [String], extraCommands: [String: ToolCommand],
  environment: [String: String] = ProcessInfo.processInfo.environment
) -> Int32 {
  var reader = ArgumentReader(arguments)
  guard let command = reader.next() else {
    standardError(toolHelp)
    return 2
  }
  if ["--help", "-h", "help"].contains(command) {
    Console.print(toolHelp)
    return 0
  }
  if command == "--version" {
    Console.print(versionText)
    return 0
  }
  // Each command: how to run it on the remaining arguments (its help: ``ToolCommands``).
  var commands: [String: (inout ArgumentReader) throws -> Int32] = [
    "render": { reader in
      // The single-component form is the one with --text or --text-file.
      arguments.contains { $0 == "--text" || $0 == "--text-file" }
        ? try RenderTextCommand(arguments: &reader).run()
        : try RenderManifestCommand(arguments: &reader, environment: environment).run()
    },
    "verify": { try VerifyCommand(arguments: &$0, environment: environment).run() },
    "merge-reports": { try MergeReportsCommand(arguments: &$0).run() },
    "bench": { try BenchCommand(arguments: &$0).run() },
    "stress": { try StressCommand(arguments: &$0).run() },
    "fuzz-replay": { try FuzzReplayCommand(arguments: &$0).run() },
    "completions": { try CompletionsCommand(arguments: &$0).run() },
  ]
  for (name, extra) in extraCommands {
    commands[name] = { reader in
      var rest: [String] = []
      while let argument = reader.next() { rest.append(argument) }
      return try extra.run(rest)
    }
  }
  do {
    guard let run = commands[command],
      let documentation = ToolCommands.all.first(where: { $0.name == command })
    else {
      let suggestion = KeySuggestion.nearest(to: command, in: commands.keys.sorted())
      throw UsageError(
        "unknown command '\(command)'\(suggestion.map { " (did you mean '\($0)'?)" } ?? "")"
          + "; see 'expandable-preview --help'")
    }
    if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
      Console.print(documentation.help)
      return 0
    }
    return try run(&reader)
  } catch let error as UsageError {
    standardError("error: \(error)")
    return 2
  } catch {
    standardError("error: \(error)")
    return 1
  }
}
