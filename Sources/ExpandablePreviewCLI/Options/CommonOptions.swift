import ExpandablePreviewEngine
import Foundation

/// `--jobs N`, the same for every command: 1 to 1024, by default all cores.
package enum JobsOption {
  package static var allCores: Int { ProcessInfo.processInfo.activeProcessorCount }

  package static func option<Target>(_ field: WritableKeyPath<Target, Int> & Sendable, help: String)
    -> CommandOption<Target>
  {
    CommandOption(
      name: "--jobs", value: OptionValue(placeholder: "N"), help: help,
      defaultValue: "the number of cores",
      read: { target, arguments, flag throws(UsageError) in
        target[keyPath: field] = try arguments.jobs(for: flag)
      })
  }
}

/// A whole number above 0, or nil.
@Sendable package func positiveInteger(_ text: String) -> Int? {
  Int(text).flatMap { $0 > 0 ? $0 : nil }
}

/// `--format png|svg|pdf`, repeatable: added to the formats, each once, in their order.
enum FormatOption {
  static func option<Target>(
    _ field: WritableKeyPath<Target, [OutputFormat]> & Sendable, help: String,
    defaultValue: String
  ) -> CommandOption<Target> {
    let names = OutputFormat.allCases.map(\.rawValue)
    return CommandOption(
      name: "--format",
      value: OptionValue(placeholder: "FORMAT", completion: .choices(names)),
      help: "\(OptionValue.list(names)); \(help)", defaultValue: defaultValue,
      read: { target, arguments, flag throws(UsageError) in
        try arguments.format(for: flag, into: &target[keyPath: field])
      })
  }
}
