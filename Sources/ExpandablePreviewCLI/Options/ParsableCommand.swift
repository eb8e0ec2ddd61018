import ExpandablePreviewEngine

/// A command whose options are its own stored properties: an option is declared by its
/// property (with its default) and its row in ``optionTable``, which writes the property, and
/// `run()` reads the property. Reading the command line and checking it are two steps:
/// ``OptionTable/parse(_:into:positional:unknown:)`` converts each value as it comes,
/// ``validate(_:environment:)`` then checks what needs all of it and resolves what the
/// environment decides (a cache, a record mode).
protocol ParsableCommand {
  /// Every option at its default: what the command is before the command line is read.
  init()
  static var optionTable: OptionTable<Self> { get }
  /// Takes `operand` (an argument that is not an option), the `index`th from 0.
  mutating func take(operand: String, at index: Int) throws(UsageError)
  /// Checks the command line once it is read, in the order its messages are given; calls
  /// `Self.optionTable.requireOptions(given)` where a missing required option is said.
  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  /// Said instead of "unknown option" for an argument that is not an option of this command
  /// (a component flag beside a manifest); by default nothing.
  static func explainUnknown(_ argument: String) throws(UsageError)
}

extension ParsableCommand {
  static func explainUnknown(_ argument: String) throws(UsageError) {}

  /// Reads `arguments` into a command, then validates it.
  init(parsing arguments: inout ArgumentReader, environment: [String: String])
    throws(UsageError)
  {
    self.init()
    let given = try Self.optionTable.parse(
      &arguments, into: &self,
      positional: { command, operand, index throws(UsageError) in
        try command.take(operand: operand, at: index)
      }, unknown: Self.explainUnknown)
    try validate(given, environment: environment)
  }
}
