import ExpandablePreview
import Foundation

/// When goldens are written. A struct rather than an enum so that modes can be added without
/// breaking exhaustive switches in users' code.
public struct RecordMode: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: String, CaseIterable {
    case missing, failed, all, never
  }

  private let kind: Kind

  /// Writes goldens that do not exist yet; the comparison still fails for them.
  public static let missing = RecordMode(kind: .missing)
  /// Writes goldens that are missing, do not match or cannot be read.
  public static let failed = RecordMode(kind: .failed)
  /// Writes every golden whose pixels changed at all, even within the tolerances, and replaces
  /// unreadable ones.
  public static let all = RecordMode(kind: .all)
  /// Writes nothing.
  public static let never = RecordMode(kind: .never)

  /// The environment variable that sets the mode: `missing`, `failed`, `all` or `never`.
  public static let environmentVariable = "EXPANDABLE_PREVIEW_RECORD"

  /// The names the parser accepts, in order.
  public static let names = Kind.allCases.map(\.rawValue)

  private init(kind: Kind) { self.kind = kind }

  /// Parses `missing`, `failed`, `all` or `never` (as given to `--record`); nil otherwise.
  public init?(parsing string: String) {
    guard let kind = Kind(rawValue: string.trimmingCharacters(in: .whitespaces).lowercased())
    else { return nil }
    self.kind = kind
  }

  /// The mode as `--record` and `EXPANDABLE_PREVIEW_RECORD` spell it.
  public var description: String { kind.rawValue }

  /// The mode when none is given: `missing`, but `never` on CI (when the `CI` environment
  /// variable is set to anything but empty, `0` or `false`), so a missing golden cannot pass
  /// there.
  public static func defaultMode(
    environment: [String: String] = ProcessInfo.processInfo
      .environment
  ) -> RecordMode {
    isCI(environment) ? .never : .missing
  }

  /// Whether `environment` says the process runs on CI.
  public static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"]?.lowercased() else { return false }
    return !["", "0", "false"].contains(value)
  }

  /// The mode to use: `flag` (from the command line) if given, else
  /// ``environmentVariable``, else ``defaultMode(environment:)``.
  ///
  /// - Throws: a `ConfigurationError` naming the source of an unknown mode.
  public static func resolve(
    flag: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ConfigurationError) -> RecordMode {
    if let flag {
      guard let mode = RecordMode(parsing: flag) else {
        throw ConfigurationError(
          "--record: unknown mode '\(flag)'; use \(names.joined(separator: ", "))")
      }
      return mode
    }
    if let value = environment[environmentVariable], !value.isEmpty {
      guard let mode = RecordMode(parsing: value) else {
        throw ConfigurationError(
          "\(environmentVariable): unknown mode '\(value)'; use \(names.joined(separator: ", "))"
        )
      }
      return mode
    }
    return defaultMode(environment: environment)
  }

  /// `mode` as resolved from `environment`, in words that say why when the reason is not
  /// obvious: `never (because CI is set)`.
  public static func explained(
    _ mode: RecordMode,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let fromVariable = !(environment[environmentVariable] ?? "").isEmpty
    guard mode == .never, !fromVariable, isCI(environment) else { return mode.description }
    return "never (because CI is set)"
  }

  /// What `verify` and `assertSnapshot` both add to a missing golden that was not written, with
  /// the mode in words (``explained(_:environment:)``, or the bare mode when a flag or code set
  /// it): `not recorded: record mode never (because CI is set)`.
  public static func notRecordedNote(modeInWords: String) -> String {
    "not recorded: record mode \(modeInWords)"
  }

  /// Whether a golden is written for a comparison that ended as `outcome` (``GoldenVerdict/Status/error``
  /// here means an unreadable golden, which `failed` and `all` replace).
  func writes(_ outcome: GoldenVerdict.Status, pixelsIdentical: Bool) -> Bool {
    switch (kind, outcome) {
    case (.never, _): false
    case (_, .missing): true
    case (.failed, .mismatch), (.failed, .sizeChanged), (.failed, .error): true
    case (.all, _): !pixelsIdentical
    default: false
    }
  }
}
