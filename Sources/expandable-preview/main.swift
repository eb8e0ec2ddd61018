import ExpandablePreview
import Foundation

let toolHelp = """
  USAGE: expandable-preview <command> [options]

  Renders expandable text components (collapsed and expanded) to PNG with Pango and Cairo.

  COMMANDS:
    render     Render one component (--text) to a PNG file.
    stress     Render many random components on all cores, checking invariants and memory.

  Run 'expandable-preview <command> --help' for a command's options.
  """

func standardError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

func runTool(_ arguments: [String]) -> Int32 {
  var reader = ArgumentReader(arguments)
  guard let command = reader.next() else {
    standardError(toolHelp)
    return 2
  }
  if ["--help", "-h", "help"].contains(command) {
    print(toolHelp)
    return 0
  }
  do {
    switch command {
    case "render":
      if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(RenderTextCommand.help)
        return 0
      }
      return try RenderTextCommand(arguments: &reader).run()
    case "stress":
      if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(StressCommand.help)
        return 0
      }
      return try StressCommand(arguments: &reader).run()
    default:
      throw UsageError("unknown command '\(command)'; see 'expandable-preview --help'")
    }
  } catch let error as UsageError {
    standardError("error: \(error)")
    return 2
  } catch {
    standardError("error: \(error)")
    return 1
  }
}

exit(runTool(Array(CommandLine.arguments.dropFirst())))
