import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The tool's version, and the libraries that decide how text looks (for bug reports and for
/// telling why two machines' images differ).
package let toolVersion = "2.0.0"

package var versionText: String {
  "expandable-preview \(toolVersion)\n"
    + LibraryVersions.current.named.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
}

/// How the executable runs a command the registry declares as supplied (`serve`, in the
/// workbench target): on the arguments after its name.
package struct ToolCommand {
  package var run: ([String]) throws -> Int32

  package init(run: @escaping ([String]) throws -> Int32) {
    self.run = run
  }
}

/// Runs one command line (without the program name) and returns the exit status.
public func runTool(_ arguments: [String]) -> Int32 {
  runTool(arguments, supplying: [:])
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
  runTool(
    arguments, in: .standard, streams: streams, environment: environment, directory: directory)
}

/// Runs one command line as above, with the commands of `registry` (the developer tool's in
/// its tests).
package func runTool(
  _ arguments: [String], in registry: CommandRegistry, streams: ToolStreams,
  environment: [String: String], directory: URL? = nil
) -> Int32 {
  Console.$streams.withValue(streams) {
    RunDirectory.$current.withValue(directory?.absoluteURL) {
      runTool(arguments, registry: registry, supplying: [:], environment: environment)
    }
  }
}

/// Runs one command line with `supplied` running the registry's commands that run outside this
/// target, by name.
package func runTool(
  _ arguments: [String], supplying supplied: [String: ToolCommand],
  environment: [String: String] = ProcessInfo.processInfo.environment
) -> Int32 {
  runTool(arguments, registry: .standard, supplying: supplied, environment: environment)
}

/// Dispatches `arguments` to the command of `registry` it names.
package func runTool(
  _ arguments: [String], registry: CommandRegistry, supplying supplied: [String: ToolCommand],
  environment: [String: String]
) -> Int32 {
  var reader = ArgumentReader(arguments)
  guard let name = reader.next() else {
    standardError(registry.help)
    return 2
  }
  if ["--help", "-h", "help"].contains(name) {
    Console.print(registry.help)
    return 0
  }
  if name == "--version" {
    Console.print(versionText)
    return 0
  }
  do {
    if registry.command(named: name) == nil, let tool = registry.elsewhere[name] {
      throw UsageError(
        "'\(name)' is a developer command: it is not in \(registry.tool) but in \(tool) "
          + "(run '\(tool) \(name) --help', or 'swift run \(tool) \(name)' in the package)")
    }
    guard let command = registry.command(named: name) else {
      let suggestion = KeySuggestion.nearest(to: name, in: registry.commands.map(\.name).sorted())
      throw UsageError(
        "unknown command '\(name)'\(suggestion.map { " (did you mean '\($0)'?)" } ?? "")"
          + "; see '\(registry.tool) --help'")
    }
    if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
      Console.print(command.help)
      return 0
    }
    switch command.run {
    case .here(let run):
      return try run(
        &reader,
        CommandInvocation(arguments: arguments, environment: environment, registry: registry))
    case .supplied:
      guard let run = supplied[name]?.run else {
        throw UsageError("\(name) runs in the expandable-preview executable only")
      }
      return try run(Array(arguments.dropFirst()))
    }
  } catch let error as EngineError {
    return error.printedExitStatus()
  } catch {
    standardError("error: \(error)")
    return 1
  }
}
