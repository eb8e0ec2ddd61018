import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

/// `verify`'s command line: how it is called, the arguments as read, and the table they are
/// read with.
extension VerifyCommand {
  /// How `verify` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "MANIFEST", alternatives: [["--quiet", "--json"]],
    overview: """
      Render a manifest and compare every image with its golden in DIR; write
      goldens in a record mode; report failures in report.html/report.json/junit.xml.
      """,
    details: """
      Renders every item, variant and state of a manifest (as 'render' does) and compares each image
      with the golden at the same path under DIR: DIR/<name>/<state>[-<value>…]@<scale>x.png.

      OPTIONS:
      \(optionTable.helpRows)

      RECORD MODES:
        missing: write goldens that do not exist yet (the run still fails for them, so you look
          at them before committing); failed: also rewrite goldens that do not match or cannot be
          read; all: rewrite every golden whose pixels changed at all, and unreadable ones;
          never: write nothing. Default: $EXPANDABLE_PREVIEW_RECORD, else missing, but never when
          the CI environment variable is set (not empty, 0 or false).

      ARTIFACTS:
        actual/, expected/, diff/ (expected | difference | actual) per failing image; report.html,
        report.json, junit.xml. A new or empty folder is marked as the tool's (a file
        .expandable-preview-artifacts); each run empties a marked folder of those names only; a
        non-empty unmarked folder is refused. With --shard, only shard 1 lists orphans.
        .expandable-preview-font-check.json keeps the font check's results and the font files'
        hashes for the next run.

      EXIT STATUS:
        0 every image matches its golden; 1 some image does not match, has no golden, changed size
        or could not be rendered or checked (status error, with the reason, in every report); 2 the
        manifest or the command line is invalid, or --artifacts cannot be created or is a folder
        of other files.
      """)

  /// `verify --help`.
  static var help: String { form.help }

  static let defaultArtifacts = "verify-artifacts"

  /// The values the command starts with: the options' documented defaults.
  private static let initialDiff = VerifyCommand().diff

  static let optionTable = OptionTable<Self>(
    command: "verify",
    options: [
      .required(
        "--snapshots", "DIR", \.snapshots, completion: .directory,
        help: "The goldens (a 'render --out' folder without index.html and layout.json), with "
          + "DIR/fingerprint.json."),
      CommandOption(
        name: "--record",
        value: OptionValue(placeholder: "MODE", completion: .choices(RecordMode.names)),
        help: "\(OptionValue.list(RecordMode.names)): see RECORD MODES.",
        defaultValue: "missing; never on CI",
        read: { command, arguments, flag throws(UsageError) in
          command.record = try arguments.value(for: flag)
        }),
      .value(
        "--artifacts", "DIR", \.artifacts, expected: "a folder", completion: .directory,
        help: "Where failures and reports go (see ARTIFACTS).", defaultValue: defaultArtifacts,
        convert: { $0 }),
      .value(
        "--threshold", "T", \.diff.threshold, expected: "a number from 0 to 1",
        help: "Color distance (YIQ, 0-1) at which pixels differ.",
        defaultValue: FileName.number(initialDiff.threshold), convert: { Double($0) }),
      .value(
        "--max-diff-pixels", "N", \.diff.maxDiffPixels, expected: "a whole number ≥ 0",
        help: "Differing pixels an image may have and still match.",
        defaultValue: "\(initialDiff.maxDiffPixels)", convert: { Int($0) }),
      .value(
        "--max-diff-ratio", "R", \.diff.maxDiffRatio, expected: "a number from 0 to 1",
        help: "Share of pixels (0-1) that may differ.",
        defaultValue: FileName.number(initialDiff.maxDiffRatio), convert: { Double($0) }),
      CommandOption(
        name: "--compare",
        value: OptionValue(
          placeholder: "MODE", completion: .choices(CompareMode.allCases.map(\.rawValue))),
        help: "both: the pixels decide and each golden's layout record (NAME.layout.json) says "
          + "what changed; pixels: the pixels alone; layout: the record decides, so an image "
          + "whose layout equals its golden's record passes even if its pixels differ (another "
          + "FreeType, Cairo or OS with the same font files; colors are not in the record). A "
          + "golden without a record is compared by pixels.",
        defaultValue: "both",
        read: { command, arguments, flag throws(UsageError) in
          let value = try arguments.value(for: flag)
          do throws(ConfigurationError) {
            command.compare = try CompareMode(parsing: value, source: flag)
          } catch {
            throw UsageError(error.description)
          }
        }),
      .flag(
        "--prune", \.prune,
        help: "Delete orphan goldens and their layout records (named as the tool names goldens, "
          + "outside hidden folders, and no item renders them); needs a record mode other than never and a folder the "
          + "tool recorded (with its fingerprint.json): another non-empty folder, or /, is "
          + "refused."),
      .flag(
        "--changed", \.changedOnly,
        help: "Report a golden whose job key (with the diff options) and file are those "
          + "recorded in .expandable-preview-golden-keys.json as \"unchanged (key)\" without "
          + "rendering it; check the rest. Keys are recorded, in a record mode other than never, "
          + "for goldens that match or are written. Run the full check nightly."),
      GoldensCommand.goldenStoreOption(\.goldenStore),
    ] + BatchOptions.options.map { $0.lifted(\.batch) })

  /// Checks the command line once it is read, and resolves the cache, the golden store and
  /// the record mode.
  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  {
    try requireManifest(given, needs: "a MANIFEST")
    try Self.optionTable.requireOptions(given)
    try batch.validate()
    cache = try batch.remoteCache(environment: environment)
    goldenBlobs = try GoldenStoreSetting.blobs(
      flag: goldenStore, environment: environment, directory: RunDirectory.current)
    do throws(ConfigurationError) {
      recordMode = try RecordMode.resolve(flag: record, environment: environment)
      recordModeInWords =
        record == nil
        ? RecordMode.explained(recordMode, environment: environment) : recordMode.description
      try diff.validate()
    } catch {
      throw UsageError(error.description)
    }
    if prune && recordMode == .never {
      throw UsageError(
        "--prune deletes goldens, which record mode \(recordModeInWords) does not allow; "
          + "add --record missing")
    }
    let snapshotsURL = RunDirectory.url(snapshots).standardizedFileURL
    if prune && snapshotsURL.resolvingSymlinksInPath().path == "/" {
      throw UsageError("--prune refuses --snapshots \(snapshots): it is the root folder /")
    }
    let artifactsURL = RunDirectory.url(artifacts).standardizedFileURL
    if artifactsURL.isSameOrInside(snapshotsURL) || snapshotsURL.isSameOrInside(artifactsURL) {
      throw UsageError(
        "--artifacts \(artifacts) and --snapshots \(snapshots) must be separate folders, neither inside the other"
      )
    }
  }
}
