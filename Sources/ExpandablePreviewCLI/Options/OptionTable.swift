/// A command's options, declared once, and the loop that reads a command line with them.
struct OptionTable<Target>: Sendable {
  /// The command as messages name it: `render`, `verify`.
  var command: String
  var options: [CommandOption<Target>]

  /// The options by name, for help, docs and completions.
  var documentation: [OptionDocumentation] { options.map(\.documentation) }
  var names: [String] { options.map(\.name) }

  /// Reads every argument into `target`: options by their declaration, anything else by
  /// `positional` (a MANIFEST); an unknown option is an error with the nearest known one.
  func parse(
    _ arguments: inout ArgumentReader, into target: inout Target,
    positional: (inout Target, String) throws(UsageError) -> Void = Self.noPositional,
    unknown: ((String) throws(UsageError) -> Void)? = nil
  ) throws(UsageError) {
    while let argument = arguments.next() {
      if let option = options.first(where: { $0.name == argument }) {
        try option.read(&target, &arguments, argument)
      } else if argument.hasPrefix("-") {
        try unknown?(argument)
        throw UsageError.unknownOption(argument, command: command, known: names)
      } else {
        try positional(&target, argument)
      }
    }
  }

  /// For commands that take options only.
  static func noPositional(_: inout Target, _ argument: String) throws(UsageError) {
    throw UsageError("unexpected argument '\(argument)'")
  }

  /// The `OPTIONS:` rows of `--help`.
  var helpRows: String {
    documentation.map { HelpText.row($0.synopsis, $0.helpWithDefault) }.joined(separator: "\n")
  }
}
