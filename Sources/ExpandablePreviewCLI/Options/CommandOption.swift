import ExpandablePreviewEngine

/// One command-line option, declared once: its name, its value, its default (taken from the
/// value the code starts with, never retyped), its help line, and how it is read into `Target`
/// (the command's parsed arguments). Parsing, `--help`, "did you mean", the documentation's
/// option tables and the shell completions all read ``OptionTable``s of these.
package struct CommandOption<Target>: Sendable {
  var name: String
  /// What follows the name; nil for a switch (`--quiet`).
  var value: OptionValue?
  /// One line for `--help` and the documentation, without the default.
  var help: String
  /// The default in words, as `--help` shows it (`(default 0.1)`); nil when there is none to show.
  var defaultValue: String?
  /// Reads the option (and its values from `arguments`) into `target`.
  var read: @Sendable (inout Target, inout ArgumentReader, String) throws(UsageError) -> Void

  /// The option without how it is read: what help, docs and completions need.
  var documentation: OptionDocumentation {
    OptionDocumentation(name: name, value: value, help: help, defaultValue: defaultValue)
  }

  /// This option read into the `part` of a larger target (a command's shared batch options).
  func lifted<Outer>(_ part: WritableKeyPath<Outer, Target> & Sendable) -> CommandOption<Outer> {
    let read = self.read
    return CommandOption<Outer>(
      name: name, value: value, help: help, defaultValue: defaultValue,
      read: { outer, arguments, flag throws(UsageError) in
        try read(&outer[keyPath: part], &arguments, flag)
      })
  }
}

/// The value an option takes: a placeholder for help, and what a shell may complete.
struct OptionValue: Sendable, Hashable {
  /// `N`, `DIR`, `MODE`.
  var placeholder: String
  var completion: OptionCompletion = .none
  /// Whether it takes one or more values up to the next option (`--only NAME…`).
  var isList = false
}

/// What a shell completes an option's value with.
package enum OptionCompletion: Sendable, Hashable {
  case none
  case file
  case directory
  case choices([String])
}

/// What is said about an option, whatever command it belongs to.
struct OptionDocumentation: Sendable, Hashable {
  var name: String
  var value: OptionValue?
  var help: String
  var defaultValue: String?

  /// `--jobs N`, `--only NAME…`, `--quiet`.
  var synopsis: String {
    guard let value else { return name }
    return "\(name) \(value.placeholder)\(value.isList ? "…" : "")"
  }

  /// The help line with the default: a sentence after a sentence, else in parentheses.
  var helpWithDefault: String {
    guard let defaultValue else { return help }
    return help.hasSuffix(".")
      ? "\(help) Default: \(defaultValue)." : "\(help) (default \(defaultValue))"
  }
}

extension CommandOption {
  /// A switch that sets `field` to true.
  package static func flag(
    _ name: String, _ field: WritableKeyPath<Target, Bool> & Sendable, help: String
  ) -> Self {
    Self(
      name: name, value: nil, help: help, defaultValue: nil,
      read: { target, _, _ in target[keyPath: field] = true })
  }

  /// An option with one value, converted by `convert` (nil: the value is wrong, described by
  /// `expected`), stored in `field`; the default is the field's starting value in `defaults`.
  package static func value<Value: Sendable>(
    _ name: String, _ placeholder: String, _ field: WritableKeyPath<Target, Value> & Sendable,
    expected: String, completion: OptionCompletion = .none, help: String,
    defaultValue: String? = nil,
    convert: @escaping @Sendable (String) -> Value?
  ) -> Self {
    Self(
      name: name, value: OptionValue(placeholder: placeholder, completion: completion),
      help: help, defaultValue: defaultValue,
      read: { target, arguments, flag throws(UsageError) in
        target[keyPath: field] = try arguments.value(for: flag, as: expected, convert)
      })
  }

  /// An option with one text value (a path, a name), stored as given.
  package static func text(
    _ name: String, _ placeholder: String, _ field: WritableKeyPath<Target, String?> & Sendable,
    completion: OptionCompletion = .none, help: String, defaultValue: String? = nil
  ) -> Self {
    Self(
      name: name, value: OptionValue(placeholder: placeholder, completion: completion),
      help: help, defaultValue: defaultValue,
      read: { target, arguments, flag throws(UsageError) in
        target[keyPath: field] = try arguments.value(for: flag)
      })
  }
}

extension CommandOption {
  /// An option whose value is one of an enumeration's names (completed from them); the
  /// default is `defaultValue`'s name.
  package static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ placeholder: String, _ field: WritableKeyPath<Target, Value> & Sendable,
    help: String, defaultValue: Value?
  ) -> Self where Value.RawValue == String {
    let names = Value.allCases.map(\.rawValue)
    return Self(
      name: name,
      value: OptionValue(placeholder: placeholder, completion: .choices(names)),
      help: "\(help): \(OptionValue.list(names))", defaultValue: defaultValue?.rawValue,
      read: { target, arguments, flag throws(UsageError) in
        target[keyPath: field] = try arguments.value(
          for: flag, as: OptionValue.list(names), Value.init(rawValue:))
      })
  }
}

extension OptionValue {
  /// `a, b or c`.
  static func list(_ names: [String]) -> String {
    names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
