import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// `render MANIFEST`'s command line: how it is called, the table its options are read with
/// (each writes the command's property of the same meaning), and the checks that need all of it.
extension RenderManifestCommand {
  /// How `render MANIFEST` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "MANIFEST", alternatives: [["--quiet", "--json"]],
    overview: """
      Render every item, variant and state of a JSON manifest into DIR, in parallel,
      with DIR/<name>/layout.json per item and a gallery DIR/index.html.
      """,
    details: """
      Renders every item of a JSON manifest in every variant and state, in parallel.

      ARGUMENTS:
        MANIFEST                 The manifest (JSON). 'textFile' paths are relative to its folder.

      OPTIONS:
      \(optionTable.helpRows)

      OUTPUT FILES:
        DIR/<name>/<state>[-<value>…]@<scale>x.png
        DIR/<name>/<state>[-<value>…].svg / .pdf (with --format)
        DIR/<name>/layout.json
        DIR/index.html (gallery; open it from disk)
        DIR/.expandable-preview-render.json (each job's key and file hashes; see --force)
        DIR/.expandable-preview-font-check.json (each item's font check, reused while its key
        matches)
        DIR/.expandable-preview-no-op (the manifest's digest and every input's and output's
        stamp: a run with nothing changed prints the summary after checking them and ends)

      OUTPUT NAMES:
        \(HelpParagraph.wrapped(outputNames, indent: 2))

      MANIFEST:
        {"defaults": {…}, "variants": {…}, "fonts": […], "items": [{"name": …, "text": …}, …]}
        "fonts" (optional): font files or folders, relative to the manifest, added to the pinned
        standard set (a private fontconfig configuration; no system font leaks in); or "system"
        for this machine's fonts (output then depends on the machine).
        Item and defaults keys (defaults in parentheses):
          text / textFile        The text, or a UTF-8 file with it (items only; one of them).
          name                   Folder name of the item (items only; no '/', '\\', '..', leading
                                 dot or control characters; unique ignoring case).
      \(ComponentSettings.keyHelp)
      \(HelpText.row("variants", variantsKey, indent: 4))

      EXIT STATUS:
        0 every file was rendered; 1 some items failed (each is named with the reason; a full
        disk fails the files it hits and says so); 2 the manifest or the command line is invalid,
        or the output folder cannot be created or written; 130 / 143 stopped by SIGINT / SIGTERM (only
        complete files are left; no reports are written; a second signal ends at once and may
        leave a hidden .NAME.PID.N.tmp file beside the file being written).
      """)

  /// `render MANIFEST --help`.
  static var help: String { form.help }

  /// `render --help`'s OUTPUT NAMES: the axes' parts in their declared order.
  private static var outputNames: String {
    "<state> is collapsed or expanded, or expanding or collapsing for an animated PNG (items "
      + "with an \"animation\"). A -<value> appears for each variant axis with more than one "
      + "value, in the order \(VariantAxisHelp.fileNameParts); for example "
      + "collapsed-dark-accessibility3-w375@3x.png. Without variants: collapsed@2x.png."
  }

  /// The `variants` item key in `render --help`'s MANIFEST: the axes' keys as declared.
  private static var variantsKey: String {
    "Items only: per-axis values replacing the manifest's \"variants\" axes: "
      + "\(VariantAxisHelp.keys); each a non-empty array. Every item renders every "
      + "combination. Unknown keys are errors."
  }

  static let optionTable = OptionTable<Self>(
    command: "render", form: "render MANIFEST",
    options: [
      .required(
        "--out", "DIR", \.output, completion: .directory,
        help: "Output folder (created if missing); see OUTPUT FILES."),
      FormatOption.option(
        \.formats,
        help: "the files to write; repeat for several. SVG and PDF are sized in points and have "
          + "no scale, so a scale axis writes them once.",
        defaultValue: "the manifest's \"formats\", else png"),
      .flag(
        "--force", \.force,
        help: "Render every file, even those whose job is unchanged (by default a job whose key "
          + "and files match the folder's record, .expandable-preview-render.json, is skipped) "
          + "or in the --cache (which still gets what is rendered)."),
      .flag(
        "--prune", \.prune,
        help: "Remove the recorded files of items no longer in the manifest (by default they are "
          + "listed)."),
    ] + BatchOptions.options.map { $0.lifted(\.batch) })

  /// Checks the command line once it is read, and resolves the cache.
  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  {
    try requireManifest(given, needs: "a MANIFEST or --text")
    try Self.optionTable.requireOptions(given)
    try batch.validate()
    cache = try batch.remoteCache(environment: environment)
  }
}
