import ExpandablePreviewEngine
import Foundation

/// Reads command-line arguments one at a time; every mistake becomes a ``UsageError``.
package struct ArgumentReader {
  private var remaining: ArraySlice<String>
  /// Whether the one value was attached to its option (`--only=NAME`): taken whole, whatever
  /// it starts with.
  private var holdsAttachedValue = false

  package init(_ arguments: some Collection<String>) {
    remaining = ArraySlice(arguments)
  }

  /// A reader of the value attached to an option with `=`.
  static func attached(_ value: String) -> ArgumentReader {
    var reader = ArgumentReader([value])
    reader.holdsAttachedValue = true
    return reader
  }

  var isEmpty: Bool { remaining.isEmpty }

  /// The next argument, whatever it is.
  mutating func next() -> String? { remaining.popFirst() }

  /// The arguments after `flag` up to the next option (`--…`); at least one.
  mutating func values(for flag: String) throws(UsageError) -> [String] {
    var values: [String] = []
    if holdsAttachedValue, let value = remaining.popFirst() { return [value] }
    while let next = remaining.first, !next.hasPrefix("--") {
      values.append(next)
      remaining.removeFirst()
    }
    guard !values.isEmpty else { throw UsageError("\(flag) needs at least one value") }
    return values
  }

  /// The value after `flag`, or an error saying the flag needs one.
  mutating func value(for flag: String) throws(UsageError) -> String {
    guard let value = remaining.popFirst() else {
      throw UsageError("\(flag) needs a value")
    }
    return value
  }

  /// The value after `flag` converted by `convert`, or an error naming the flag and value.
  mutating func value<T>(for flag: String, as kind: String, _ convert: (String) -> T?)
    throws(UsageError) -> T
  {
    let text = try value(for: flag)
    guard let converted = convert(text) else {
      throw UsageError("\(flag) expects \(kind), got '\(text)'")
    }
    return converted
  }

  /// `--format png|svg|pdf`, added to `formats` (the flag may repeat).
  mutating func format(for flag: String, into formats: inout [OutputFormat]) throws(UsageError) {
    let format = try value(for: flag, as: "png, svg or pdf") { OutputFormat(rawValue: $0) }
    formats = OutputFormat.ordered(formats + [format])
  }

  /// The worker-thread count after `flag` (`--jobs`): 1 to 1024, the same for every command,
  /// capped with a warning at ``jobsPerCore`` threads per core: more only costs memory (each
  /// thread has its own renderer and 8 MiB stack) and GLib aborts when it cannot make one.
  mutating func jobs(for flag: String) throws(UsageError) -> Int {
    let jobs = try value(for: flag, as: "a whole number from 1 to 1024") {
      Int($0).flatMap { (1...1024).contains($0) ? $0 : nil }
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let cap = Self.jobsPerCore * cores
    guard jobs > cap else { return jobs }
    standardError(
      "warning: \(flag) \(jobs) is more than \(Self.jobsPerCore) × the \(cores) cores; using \(cap)"
    )
    return cap
  }

  static let jobsPerCore = 4
}

extension UsageError {
  /// An option `command` does not know, with the nearest known one suggested.
  static func unknownOption(_ option: String, command: String, known: [String]) -> UsageError {
    let suggestion = KeySuggestion.nearest(to: option, in: known).map { " (did you mean '\($0)'?)" }
    return UsageError(
      "unknown option '\(option)' for \(command)\(suggestion ?? ""); see '\(command) --help'")
  }

}
