import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// The options `render MANIFEST` and `verify` share: how many threads, which items, which
/// shard, and how much to print.
struct BatchOptions {
  var jobs = ProcessInfo.processInfo.activeProcessorCount
  var only: [String]?
  var shard: Shard?
  var quiet = false
  var json = false
  /// Whether a font family outside the set, or a character no font has, is an error rather
  /// than a warning.
  var strict = false
  /// Whether to draw with the machine's fonts instead of the pinned set (`--system-fonts`).
  var systemFonts = false
  /// The most renders the manifest may ask for (`--max-renders`).
  var maxRenders = BatchPlan.defaultMaxRenders

  /// The options `read(_:from:)` knows, for "did you mean" and the help test.
  static let flags = [
    "--jobs", "--only", "--shard", "--max-renders", "--quiet", "--strict", "--system-fonts",
    "--json",
  ]

  /// Reads `argument` (and its values) if it is one of these options.
  ///
  /// - Returns: false when `argument` is not a batch option.
  mutating func read(_ argument: String, from arguments: inout ArgumentReader)
    throws(UsageError) -> Bool
  {
    switch argument {
    case "--jobs":
      jobs = try arguments.jobs(for: argument)
    case "--only":
      only = (only ?? []) + (try arguments.values(for: argument))
    case let flag where flag.hasPrefix("--only="):
      // One name, whatever it starts with: how an item named like an option is picked.
      let name = String(flag.dropFirst("--only=".count))
      guard !name.isEmpty else { throw UsageError("--only= needs a name after the =") }
      only = (only ?? []) + [name]
    case "--shard":
      shard = try arguments.value(for: argument, as: "K/N with 1 ≤ K ≤ N, such as 2/4") {
        Shard(parsing: $0)
      }
    case "--max-renders":
      maxRenders = try arguments.value(for: argument, as: "a whole number ≥ 1") {
        Int($0).flatMap { $0 >= 1 ? $0 : nil }
      }
    case "--quiet": quiet = true
    case "--strict": strict = true
    case "--system-fonts": systemFonts = true
    case "--json": json = true
    default: return false
    }
    return true
  }

  /// `argument` as `command`'s one MANIFEST: an option the command does not know (`known`)
  /// is reported with the nearest known one, and a second path is an error.
  static func manifestPath(
    _ argument: String, command: String, known: [String], after current: String?
  ) throws(UsageError) -> String {
    if let setting = ComponentSettings.flags[argument] {
      // A component setting given beside a manifest: say where it goes instead.
      throw UsageError(
        "\(argument) sets the component of `render --text`; with a manifest, set \"\(setting.path)\" "
          + "in \"defaults\" or in an item")
    }
    if argument.hasPrefix("-") {
      throw UsageError.unknownOption(argument, command: command, known: known + flags)
    }
    guard let current else { return argument }
    throw UsageError("\(command) takes one manifest; got '\(current)' and '\(argument)'")
  }

  /// Reads the manifest at `path`, plans its work for these options and checks its fonts, as
  /// `render` and `verify` both start; nil when the manifest or a `--strict` font check fails
  /// (already reported: exit 2).
  /// `formats` replaces the items' own when given.
  func loadPlan(manifestPath path: String, formats: [OutputFormat]?) throws -> (
    Manifest, BatchPlan
  )? {
    guard let (manifest, fontRenderer) = ManifestLoader.load(path: path, systemFonts: systemFonts)
    else { return nil }
    let plan = try BatchPlan(
      manifest: manifest, only: only, shard: shard, maxRenders: maxRenders, formats: formats)
    guard checkFonts(of: plan, with: fontRenderer, path: path) else { return nil }
    return (manifest, plan)
  }

  /// What to add to "needs a MANIFEST" when `--only` took the manifest as an item name (it
  /// reads names up to the next option).
  var missingManifestHint: String {
    guard let last = only?.last, last.hasSuffix(".json") else { return "" }
    return "; --only took '\(last)' as an item name: put MANIFEST before --only"
  }

  /// Checks combinations once every argument is read.
  func validate() throws(UsageError) {
    guard !(quiet && json) else { throw UsageError("--quiet and --json cannot be combined") }
  }

  /// Warns about font families outside the set and characters no font has (errors with
  /// `--strict`), using `renderer`, which has the manifest's fonts.
  ///
  /// - Returns: false when `--strict` turns a problem into an error.
  func checkFonts(of plan: BatchPlan, with renderer: Renderer, path: String) -> Bool {
    let substitutions = FontCheck.problems(
      in: plan.renderedItems.map { plan.items[$0] }, manifest: path, renderer: renderer)
    for message in substitutions { standardError((strict ? "error: " : "warning: ") + message) }
    return !(strict && !substitutions.isEmpty)
  }

  /// How progress is shown: nothing with `--quiet` or `--json`, else a line on a terminal or a
  /// line per file.
  var progressStyle: ProgressReporter.Style {
    quiet || json ? .silent : ProgressReporter.outputIsTerminal ? .terminal : .lines
  }
}
