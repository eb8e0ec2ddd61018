import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

/// The options `render MANIFEST` and `verify` share: how many threads, which items, which
/// shard, and how much to print.
struct BatchOptions {
  var jobs = JobsOption.allCores
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
  /// `--report-blob DIR`: where the run leaves its results for `merge-reports`.
  var reportBlob: String?
  /// `--cache URL`: the shared cache (else `EXPANDABLE_PREVIEW_CACHE`).
  var cacheURL: String?
  /// `--cache-read-only`: ask the cache, never upload.
  var cacheReadOnly = false
  /// `--cache-trusted-keys KEYS`: use only entries signed by one of these keys.
  var cacheTrustedKeys: String?

  /// The options `render MANIFEST` and `verify` share, declared once.
  static let options: [CommandOption<BatchOptions>] = {
    let start = BatchOptions()
    return [
      JobsOption.option(
        \.jobs,
        help: "Worker threads (at most 4 per core). The files are byte-identical whatever N is."),
      CommandOption(
        name: "--only", value: OptionValue(placeholder: "NAME", isList: true),
        help: "Only the named items (one or more names); --only=NAME takes one name, also one "
          + "that starts with -.", defaultValue: nil,
        read: { options, arguments, flag throws(UsageError) in
          options.only = (options.only ?? []) + (try arguments.values(for: flag))
        }),
      .value(
        "--shard", "K/N", \.shard, expected: "K/N with 1 ≤ K ≤ N, such as 2/4",
        help: "Part K of N (1 ≤ K ≤ N): whole items are dealt to shards deterministically, so "
          + "N runs with K = 1…N together write every file exactly once. Shard 1 also writes "
          + "index.html.", convert: { text -> Shard?? in Shard(parsing: text).map { .some($0) } }),
      .value(
        "--max-renders", "N", \.maxRenders, expected: "a whole number ≥ 1",
        help: "Refuse a manifest asking for more than N files (items × variants × states) "
          + "before planning anything.", defaultValue: "\(start.maxRenders)",
        convert: positiveInteger),
      .flag(
        "--strict", \.strict,
        help: "Treat a font family outside the font set (another would be drawn) or a "
          + "character no font has (a box) as an error (exit 2) instead of a warning; fail an "
          + "animation of a text that fits within lineLimit (nothing to expand: written as one "
          + "frame, the still, with a warning) as a file that could not be rendered."),
      .flag(
        "--system-fonts", \.systemFonts,
        help: "Draw with this machine's fonts instead of the pinned set; the gallery and "
          + "layout.json then say the output depends on it."),
      .text(
        "--report-blob", "DIR", \.reportBlob, completion: .directory,
        help: "Also leave this run's results (a shard's, with --shard) in DIR as a report blob, "
          + "report-blob.json and files/, for merge-reports; DIR must be new, empty or an "
          + "earlier blob's."),
      .text(
        "--cache", "URL", \.cacheURL,
        help: "Share results through a Bazel remote-cache HTTP server (bazel-remote, nginx "
          + "with WebDAV…): ask it before rendering, upload what was rendered; every blob is "
          + "checked against its digest. Default: $\(RemoteCacheSettings.urlVariable). A bearer "
          + "token comes from $\(RemoteCacheSettings.tokenVariable) (recommended), basic "
          + "credentials from the URL (user:password@host, which other users of the machine "
          + "can read in the process list when given here); neither is ever printed. A "
          + "request takes at most 10 s, and the first failure stops the run asking. Output, "
          + "reports and exit status are the same with or without a cache."),
      .flag(
        "--cache-read-only", \.cacheReadOnly,
        help: "Ask the cache but never upload (pull-request runners)."),
      .text(
        "--cache-trusted-keys", "KEYS", \.cacheTrustedKeys,
        help: "Use only cache entries signed by one of KEYS (NAME:BASE64 Ed25519 public keys, "
          + "separated by spaces or commas); entries are signed by a writer holding "
          + "$\(CacheSigning.signingKeyVariable). Default: "
          + "$\(CacheSigning.trustedKeysVariable); without keys, whoever can write to the "
          + "cache is trusted."),
      .flag("--quiet", \.quiet, help: "Print nothing but errors and warnings."),
      .flag("--json", \.json, help: "Print one JSON summary on standard output at the end."),
    ]
  }()

  /// The names of ``options``.
  static var flags: [String] { options.map(\.name) }

  /// Says where a component setting goes when one is given beside a manifest.
  static func rejectComponentFlag(_ argument: String) throws(UsageError) {
    guard let setting = ComponentSettings.flags[argument] else { return }
    throw UsageError(
      "\(argument) sets the component of `render --text`; with a manifest, set \"\(setting.path)\" "
        + "in \"defaults\" or in an item")
  }

  /// What to add to "needs a MANIFEST" when `--only` took the manifest as an item name (it
  /// reads names up to the next option).
  var missingManifestHint: String {
    guard let last = only?.last, last.hasSuffix(".json") else { return "" }
    return "; --only took '\(last)' as an item name: put MANIFEST before --only"
  }

  /// The shared cache `--cache`/`--cache-read-only` and `environment` name; nil for none.
  func remoteCache(environment: [String: String]) throws(UsageError) -> RemoteCache? {
    try RemoteCacheSettings.resolve(
      flag: cacheURL, readOnly: cacheReadOnly, trustedKeys: cacheTrustedKeys,
      environment: environment
    ).map(RemoteCache.init)
  }

  /// Checks combinations once every argument is read.
  func validate() throws(UsageError) {
    guard !(quiet && json) else { throw UsageError("--quiet and --json cannot be combined") }
  }

  /// How progress is shown: nothing with `--quiet` or `--json`, else a line on a terminal or a
  /// line per file.
  var progressStyle: ProgressReporter.Style {
    quiet || json ? .silent : ProgressReporter.outputIsTerminal ? .terminal : .lines
  }
}

/// A command that reads one manifest and shares ``BatchOptions`` (`render MANIFEST`,
/// `verify`): its one MANIFEST operand, and the component flags it is told where to put.
protocol ManifestCommand: ParsableCommand {
  var manifestPath: String { get set }
  var batch: BatchOptions { get }
}

extension ManifestCommand {
  /// The one MANIFEST; a second path is an error.
  mutating func take(operand: String, at index: Int) throws(UsageError) {
    guard index == 0 else {
      throw UsageError(
        "\(Self.optionTable.command) takes one manifest; got '\(manifestPath)' and '\(operand)'")
    }
    manifestPath = operand
  }

  /// A component flag beside a manifest is told where it goes.
  static func explainUnknown(_ argument: String) throws(UsageError) {
    try BatchOptions.rejectComponentFlag(argument)
  }

  /// Refuses a command line without a MANIFEST: `needs` is what the command says it needs.
  func requireManifest(_ given: OptionTable<Self>.Given, needs: String) throws(UsageError) {
    guard given.operands > 0 else {
      throw UsageError("\(Self.optionTable.command) needs \(needs)" + batch.missingManifestHint)
    }
  }
}
