import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview merge-reports BLOB… (--artifacts DIR | --out DIR)`: the report blobs
/// of a sharded `verify` or `render` put together into the report of one unsharded run.
struct MergeReportsCommand: ParsableCommand {
  /// How `merge-reports` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "BLOB…",
    alternatives: [["--artifacts", "--out"], ["--quiet", "--json"]],
    overview: """
      Put the report blobs of a sharded verify or render (--report-blob DIR) together
      into one report (verify) or one gallery (render), as one unsharded run writes it.
      """,
    details: """
      Puts together the report blobs that the shards of one 'verify' or 'render' run left with
      --report-blob DIR: for verify blobs one report.html, report.json and junit.xml (with every
      failure's images and accept command) in the --artifacts folder, equal to those of one
      unsharded run; for render blobs one gallery, index.html with every item's files, in the
      --out folder.

      ARGUMENTS:
        BLOB                     A blob folder (or its report-blob.json): every shard K of N once.

      OPTIONS:
      \(optionTable.helpRows)

      REFUSED (exit 2, nothing written):
        blobs of render and verify together; of another manifest, selection (--only) or options;
        of different shard counts; a shard given twice or missing (named: "shard 3 of 4 is
        missing"); a file that is not a blob, or a blob of another format version; a damaged
        blob (a field missing or wrong, a file it lists missing or with other bytes); --out
        for verify blobs or --artifacts for render blobs; an --out folder that is not empty.

      EXIT STATUS:
        0 the merged report passes (verify: every image matches; render: every file was
        rendered); 1 it has failures, as the unsharded verify or render would exit; 2 a blob is
        refused, the command line is invalid, or the output folder cannot be used.
      """)

  /// `merge-reports --help`.
  static var help: String { form.help }

  static let optionTable = OptionTable<Self>(
    command: "merge-reports",
    options: [
      .text(
        "--artifacts", "DIR", \.artifacts, completion: .directory,
        help: "For verify blobs: where the merged reports and the failures' images go, as "
          + "verify's --artifacts (a marked folder is emptied of those first).",
        defaultValue: VerifyCommand.defaultArtifacts),
      .text(
        "--out", "DIR", \.out, completion: .directory,
        help: "For render blobs: a new or empty folder for the gallery (index.html) and every "
          + "item's files."),
      .flag("--quiet", \.quiet, help: "Print nothing but errors and warnings."),
      .flag("--json", \.json, help: "Print one JSON summary on standard output at the end."),
    ])

  /// The blob folders: the operands.
  var blobs: [String] = []
  var artifacts: String?
  var out: String?
  var quiet = false
  var json = false

  init() {}

  init(arguments reader: inout ArgumentReader) throws(UsageError) {
    try self.init(parsing: &reader, environment: [:])
  }

  mutating func take(operand: String, at index: Int) throws(UsageError) { blobs.append(operand) }

  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  {
    guard !blobs.isEmpty else {
      throw UsageError("merge-reports needs one BLOB per shard (the folders --report-blob wrote)")
    }
    guard !(quiet && json) else { throw UsageError("--quiet and --json cannot be combined") }
    guard artifacts == nil || out == nil else {
      throw UsageError(
        "--artifacts (for verify blobs) and --out (for render blobs) cannot be combined")
    }
  }

  func run() throws -> Int32 {
    let merge: ReportBlobMerge
    do throws(ReportBlobError) {
      var loaded: [ReportBlob.Loaded] = []
      for path in blobs {
        loaded.append(try ReportBlob.read(path, relativeTo: RunDirectory.current))
      }
      merge = try ReportBlobMerge(loaded)
    } catch {
      standardError("error: \(error)")
      return 2
    }
    switch merge.kind {
    case .verify:
      guard out == nil else {
        standardError(
          "error: \(merge.blobs[0].name) is a verify blob: its reports go to --artifacts DIR, "
            + "not --out")
        return 2
      }
      return try MergedVerifyReport(merge: merge, command: self).write()
    case .render:
      guard let out = out, artifacts == nil else {
        standardError(
          "error: \(merge.blobs[0].name) is a render blob: give --out DIR for its gallery"
            + (artifacts == nil ? "" : " (--artifacts is for verify blobs)"))
        return 2
      }
      return MergedGallery(merge: merge, out: out, command: self).write()
    }
  }

  /// Prints a summary as the other commands do: JSON with `--json`, nothing with `--quiet`.
  func printSummary(text: String, json: some JSONSummary) throws {
    if self.json {
      Console.print(try json.jsonText())
    } else if !quiet {
      Console.print(VisibleText.of(text))
    }
  }

  /// Copies every blob's files into `folder` at their paths (the blobs were checked when read).
  static func copyAttachments(of merge: ReportBlobMerge, into folder: URL) throws(ReportBlobError) {
    for (path, file) in merge.attachments {
      let data = try ReportBlob.readRegularFile(file, limit: ReportBlob.maxAttachmentBytes)
      try ReportBlob.writeFile(data, at: path, in: folder)
    }
  }
}
