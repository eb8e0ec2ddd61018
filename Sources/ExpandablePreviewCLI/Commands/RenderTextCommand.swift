import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview render --text "…" --out file.png [options]`: one component, one state.
struct RenderTextCommand: ParsableCommand {
  /// How `render --text` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, required: ["--text", "--out"], alternatives: [["--text", "--text-file"]],
    overview: """
      Render one state of one component (or its animation, as an animated PNG).
      """,
    details: """
      Renders one state of one component to a PNG, SVG or PDF file (as --out's extension says), or
      its animation (--animate CURVE) to an animated PNG.

      OPTIONS:
      \(optionTable.helpRows)

      Each option takes what the manifest key of the same meaning takes (see 'render --help'
      for the manifest), and a wrong value is reported the same way, naming the option.

      EXIT STATUS:
        0 the file was written; 1 the render or the write failed (a full disk); 2 the command line
        is invalid (a wrong flag or value, --strict's font problems), or the folder of --out or
        --frames cannot be created or written, or --out is a folder; nothing is written then.
      """)

  /// `render --text --help`.
  static var help: String { form.help }

  /// `--text`, or `--text-file`'s contents.
  var text: String?
  /// `--text` or `--text-file`, whichever gave the text.
  var textFlag: String?
  /// `--out`: required, so never the empty start once parsed.
  var output = ""
  /// `--format`; once validated, the formats written (`--out`'s alone when none was given).
  var formats: [OutputFormat] = []
  /// Whether `--format` was given: then each file takes its format's extension.
  var writesExtensions = false
  /// `--state`; once validated, the state rendered.
  var state: OutputState?
  /// Where `--frames` writes the numbered frames.
  var framesFolder: String?
  var printsLayout = false
  var strict = false
  /// `--fonts`, as given.
  var fontPaths: [String] = []
  var systemFonts = false
  /// The component's settings, in command-line order (a later one wins).
  var settings: [(flag: Setting.Flag, text: String)] = []

  /// The component the settings describe; resolved by `validate`.
  var component = ExpandableText(text: "")
  /// The one job this command renders: a one-item plan's, through the manifest's job
  /// renderer; resolved by `validate`, so never nil once parsed.
  var job: RenderJob?
  /// Flags given that change nothing for this component, warned about (errors with --strict).
  var ineffectiveFlags: [String] = []

  init() {}

  init(arguments: inout ArgumentReader) throws(UsageError) {
    try self.init(parsing: &arguments, environment: [:])
  }

  /// Set for an animation: which way it runs.
  var direction: AnimationDirection? { state?.direction }

  var addedFonts: [URL] { fontPaths.map { RunDirectory.url($0) } }

  /// The flag that sets a manifest key path, for messages: `expandButton.font` → `--more-font`.
  static func flagName(forKey path: String) -> String {
    if path == "text" { return "--text" }
    return ComponentSettings.table.flatMap(\.flags).first { $0.path == path }?.name
      ?? "key '\(path)'"
  }

  /// Every flag `render --text` knows, for "did you mean".
  static var flagNames: [String] { optionTable.names }

  func run() throws -> Int32 {
    guard let job else { preconditionFailure("render --text runs once validate made its job") }
    try prepareOutputFolders()
    let renderer: Renderer
    do throws(RenderError) {
      renderer = try Renderer(fontSet: systemFonts ? .system : .standard(adding: addedFonts))
    } catch {
      // A font file that cannot be used is bad input, as the manifest's 'fonts' (exit 2).
      guard case .fontConfig(let fonts) = error else { throw error }
      standardError("error: \(systemFonts ? "--system-fonts" : "--fonts"): \(fonts.detail)")
      return 2
    }
    let missing = FontCheck.missingStandardFiles(for: renderer.fontSet)
    if let missing { standardError("warning: \(missing)") }
    let problems =
      ineffectiveFlags
      + FontCheck.warnings(for: component, renderer: renderer, naming: Self.flagName(forKey:))
    for problem in problems { standardError((strict ? "error: " : "warning: ") + problem) }
    if strict && !problems.isEmpty { return 2 }
    let frames = framesFolder.map { FrameFiles(folder: RunDirectory.url($0, isDirectory: true)) }
    // The job as a manifest's: a still in every format, its overlay last; an animation's
    // frames written as they are drawn, so memory holds one frame, not all.
    let rendered = try JobRenderer.files(
      of: job, with: renderer,
      eachFrame: frames.map { frames in { index, image in frames.write(image, number: index) } })
    if rendered.layout.isStillAnimation {
      let file = RunDirectory.url(output).lastPathComponent
      let reason = StillAnimation.reason(component, lineLimit: "--line-limit")
      if strict {
        try frames?.removeWritten()
        standardError("error: \(reason); \(file) not written (--strict)")
        return 2
      }
      standardError("warning: \(reason): \(StillAnimation.written(file))")
    }
    try frames?.finish()
    for file in rendered.files {
      let isOverlay = file.file == job.overlayFile
      try AtomicFile.write(file.bytes, to: isOverlay ? overlayFile : self.file(for: file.format))
    }
    if printsLayout { try printLayout(job, rendered.layout, fontSet: renderer.fontSet) }
    return 0
  }

  /// `--out` with `-accessibility.png` in place of its extension: the overlay's file.
  private var overlayFile: URL {
    let url = RunDirectory.url(output).deletingPathExtension()
    return url.deletingLastPathComponent().appendingPathComponent(
      url.lastPathComponent + "-accessibility.png")
  }

  /// Where the file in `format` goes: `--out`, or with `--format` `--out` with its extension.
  private func file(for format: OutputFormat) -> URL {
    let url = RunDirectory.url(output)
    return writesExtensions
      ? url.deletingPathExtension().appendingPathExtension(format.rawValue) : url
  }

  /// Creates the folders `--out` and `--frames` write into, before anything is rendered, as
  /// `render MANIFEST --out DIR` does: a place that cannot be written is a command line mistake
  /// (exit 2), like a manifest's output folder, not a failed render (exit 1).
  private func prepareOutputFolders() throws(UsageError) {
    let file = RunDirectory.url(output)
    let folder = file.deletingLastPathComponent()
    let folderName = (output as NSString).deletingLastPathComponent
    if let problem = OutputFolder.problem(
      folder.path, name: folderName.isEmpty ? "." : folderName)
    {
      throw UsageError("--out: \(problem)")
    }
    for target in formats.map(file(for:)) {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        let name = (folderName as NSString).appendingPathComponent(target.lastPathComponent)
        throw UsageError("--out: '\(name)' is a folder, not a file")
      }
    }
    if let framesFolder,
      let problem = OutputFolder.problem(RunDirectory.path(framesFolder), name: framesFolder)
    {
      throw UsageError("--frames: \(problem)")
    }
  }

  /// Prints the `layout.json` a one-item manifest of these settings gets, byte for byte.
  private func printLayout(_ job: RenderJob, _ layout: FileLayout, fontSet: FontSet) throws {
    let data = try LayoutReport.fileData(
      name: job.itemName, fontSet: fontSet, entries: [LayoutReport.Entry(job, layout: layout)])
    Console.print(String(decoding: data, as: UTF8.self), terminator: "")
  }
}
