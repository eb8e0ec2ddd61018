import ExpandablePreviewEngine

/// A command's options, declared once, and the loop that reads a command line with them.
package struct OptionTable<Target>: Sendable {
  /// The command as messages name it: `render`, `verify`.
  var command: String
  /// The form as "needs" messages name it: `render MANIFEST`, `render --text`.
  var form: String
  var options: [CommandOption<Target>]

  package init(command: String, form: String? = nil, options: [CommandOption<Target>]) {
    self.command = command
    self.form = form ?? command
    self.options = options
  }

  /// The options by name, for help, docs and completions.
  var documentation: [OptionDocumentation] { options.map(\.documentation) }
  var names: [String] { options.map(\.name) }

  /// What a command line gave besides the values read into the target: which options, and how
  /// many operands (arguments that are not options).
  package struct Given: Sendable {
    var options: Set<String> = []
    var operands = 0
  }

  /// Reads every argument into `target`: options by their declaration, anything else by
  /// `positional` (a MANIFEST, with its place among the operands from 0); an unknown option
  /// is an error with the nearest known one.
  @discardableResult
  package func parse(
    _ arguments: inout ArgumentReader, into target: inout Target,
    positional: (inout Target, String, Int) throws(UsageError) -> Void = Self.noPositional,
    unknown: ((String) throws(UsageError) -> Void)? = nil
  ) throws(UsageError) -> Given {
    var given = Given()
    while let argument = arguments.next() {
      if let option = options.first(where: { $0.name == argument }) {
        try option.read(&target, &arguments, argument)
        given.options.insert(option.name)
      } else if let (option, value) = attachedValue(argument) {
        try read(option, attached: value, into: &target)
        given.options.insert(option.name)
      } else if argument.hasPrefix("-") {
        try unknown?(argument)
        throw UsageError.unknownOption(argument, command: command, known: names)
      } else {
        try positional(&target, argument, given.operands)
        given.operands += 1
      }
    }
    return given
  }

  /// Refuses a command line without one of the required options (``CommandOption/isRequired``):
  /// `render MANIFEST needs --out DIR`.
  func requireOptions(_ given: Given) throws(UsageError) {
    for option in options where option.isRequired && !given.options.contains(option.name) {
      throw UsageError("\(form) needs \(option.documentation.synopsis)")
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
  static func noPositional(_: inout Target, _ argument: String, _: Int) throws(UsageError) {
    throw UsageError("unexpected argument '\(argument)'")
  }

  /// The `OPTIONS:` rows of `--help`.
  package var helpRows: String {
    documentation.map { HelpText.row($0.synopsis, $0.helpWithDefault) }.joined(separator: "\n")
  }
}
