import ExpandablePreviewEngine

/// A command's options, declared once, and the loop that reads a command line with them.
package struct OptionTable<Target>: Sendable {
  /// The command as messages name it: `render`, `verify`.
  var command: String
  var options: [CommandOption<Target>]

  package init(command: String, options: [CommandOption<Target>]) {
    self.command = command
    self.options = options
  }

  /// The options by name, for help, docs and completions.
  var documentation: [OptionDocumentation] { options.map(\.documentation) }
  var names: [String] { options.map(\.name) }

  /// Reads every argument into `target`: options by their declaration, anything else by
  /// `positional` (a MANIFEST); an unknown option is an error with the nearest known one.
  package func parse(
    _ arguments: inout ArgumentReader, into target: inout Target,
    positional: (inout Target, String) throws(UsageError) -> Void = Self.noPositional,
    unknown: ((String) throws(UsageError) -> Void)? = nil
  ) throws(UsageError) {
    while let argument = arguments.next() {
      if let option = options.first(where: { $0.name == argument }) {
        try option.read(&target, &arguments, argument)
      } else if let (option, value) = attachedValue(argument) {
        try read(option, attached: value, into: &target)
      } else if argument.hasPrefix("-") {
        try unknown?(argument)
        throw UsageError.unknownOption(argument, command: command, known: names)
      } else {
        try positional(&target, argument)
      }
    }
  }

  /// The option and value of `--name=value`, when `--name` is one of these options.
  private func attachedValue(_ argument: String) -> (CommandOption<Target>, String)? {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return nil }
    let name = String(argument[..<equals])
    guard let option = options.first(where: { $0.name == name }) else { return nil }
    return (option, String(argument[argument.index(after: equals)...]))
  }

  /// Reads `--name=value`: the value whole, whatever it starts with (an item named `--prune`
  /// is picked with `--only=--prune`).
  private func read(
    _ option: CommandOption<Target>, attached value: String, into target: inout Target
  )
    throws(UsageError)
  {
    guard option.value != nil else { throw UsageError("\(option.name) takes no value") }
    guard !value.isEmpty else { throw UsageError("\(option.name)= needs a value after the =") }
    var reader = ArgumentReader.attached(value)
    try option.read(&target, &reader, option.name)
  }

  /// For commands that take options only.
  static func noPositional(_: inout Target, _ argument: String) throws(UsageError) {
    throw UsageError("unexpected argument '\(argument)'")
  }

  /// The `OPTIONS:` rows of `--help`.
  package var helpRows: String {
    documentation.map { HelpText.row($0.synopsis, $0.helpWithDefault) }.joined(separator: "\n")
  }
}
