import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview render --text "…" --out file.png [options]`: one component, one state.
struct RenderTextCommand {
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

  var component = ExpandableText(text: "")
  /// The one job this command renders: a one-item plan's, through the manifest's job renderer.
  var job: RenderJob
  var output: String?
  var printsLayout = false
  var formats: [OutputFormat] = []
  /// Whether `--format` was given: then each file takes its format's extension.
  var writesExtensions = false
  var strict = false
  /// Flags given that change nothing for this component, warned about (errors with --strict).
  var ineffectiveFlags: [String] = []
  var addedFonts: [URL] = []
  var systemFonts = false
  /// Set for an animation: which way it runs.
  var direction: AnimationDirection?
  /// Where `--frames` writes the numbered frames.
  var framesFolder: String?

  init(arguments: inout ArgumentReader) throws(UsageError) {
    var parsed = Arguments()
    try Self.optionTable.parse(
      &arguments, into: &parsed,
      positional: { _, argument, _ throws(UsageError) in
        throw UsageError(
          "render takes a MANIFEST or --text/--text-file, not both: '\(argument)' is not an "
            + "option of render --text")
      })
    let text = parsed.text
    let output = parsed.output
    self.output = output
    formats = parsed.formats
    let formatsGiven = !formats.isEmpty
    let settings = parsed.settings
    let state = parsed.state
    framesFolder = parsed.framesFolder
    printsLayout = parsed.printsLayout
    strict = parsed.strict
    addedFonts = parsed.addedFonts.map { RunDirectory.url($0) }
    systemFonts = parsed.systemFonts
    guard let text else { throw UsageError("render needs --text, --text-file or a manifest") }
    guard let output else { throw UsageError("render --text needs --out FILE.png") }
    let outputFormat = try OutputFormat.of(path: output, flag: "--out")
    if formats.isEmpty { formats = [outputFormat] }
    writesExtensions = formatsGiven
    guard !(systemFonts && !addedFonts.isEmpty) else {
      throw UsageError("--system-fonts and --fonts cannot be combined")
    }
    var resolved = try ComponentSettings(flags: settings)
    if let animation = resolved.animation?.wrapped, animation.curve == nil {
      let given = settings.filter { $0.flag.path.hasPrefix("animation.") }.map(\.flag.name)
      throw UsageError("\(given.joined(separator: ", ")) needs --animate CURVE")
    }
    component = resolved.component(text: text)
    // Flags that change nothing for this component: said, so a typo'd intent is not silent.
    let flagsGiven = Set(settings.map(\.flag.name))
    if flagsGiven.contains("--tint"), !component.isMarkdown {
      ineffectiveFlags.append("--tint colors Markdown links; without --markdown there are none")
    }
    let chosen = state ?? (component.expandAnimation == nil ? .collapsed : .expanding)
    direction = chosen.direction
    // One item of one state: the manifest's rules and words, the flags' names.
    resolved.states = [chosen]
    resolved.formats = formats
    do throws(ItemRule) {
      let item = try ManifestItem(name: "text", text: text, settings: resolved)
      job = RenderJob.jobs(for: item, itemIndex: 0)[0]
    } catch {
      throw UsageError("\(SettingNames.flags.quoted(error.key)): \(error.message(.flags))")
    }
    if framesFolder != nil, direction == nil {
      throw UsageError("--frames writes an animation's frames: add --animate CURVE")
    }
  }

  /// The flag that sets a manifest key path, for messages: `expandButton.font` → `--more-font`.
  static func flagName(forKey path: String) -> String {
    if path == "text" { return "--text" }
    return ComponentSettings.table.flatMap(\.flags).first { $0.path == path }?.name
      ?? "key '\(path)'"
  }

  /// Every flag `render --text` knows, for "did you mean".
  static var flagNames: [String] { optionTable.names }

  func run() throws -> Int32 {
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
    if direction != nil { return try runAnimation(renderer: renderer) }
    // One layout drawn in every format, as a manifest's job; the overlay is its last file.
    let rendered = try JobRenderer.files(of: job, with: renderer)
    for (index, file) in rendered.files.enumerated() {
      let isOverlay = index == job.files.count
      try AtomicFile.write(file.bytes, to: isOverlay ? overlayFile : self.file(for: file.format))
    }
    if printsLayout { try printLayout(rendered.layout, fontSet: renderer.fontSet) }
    return 0
  }

  /// `--out` with `-accessibility.png` in place of its extension: the overlay's file.
  private var overlayFile: URL {
    let url = RunDirectory.url(output!).deletingPathExtension()
    return url.deletingLastPathComponent().appendingPathComponent(
      url.lastPathComponent + "-accessibility.png")
  }

  /// Writes the animated PNG, and with `--frames` every frame as a numbered PNG.
  private func runAnimation(renderer: Renderer) throws -> Int32 {
    let frames = framesFolder.map {
      FrameFiles(folder: RunDirectory.url($0, isDirectory: true))
    }
    // Each frame is written as soon as it is drawn, so memory holds one frame, not all.
    let rendered = try JobRenderer.files(
      of: job, with: renderer,
      eachFrame: frames.map { frames in { index, image in frames.write(image, number: index) } })
    guard case .animation(let animation) = rendered.layout else { return 1 }
    if animation.isStill {
      let file = RunDirectory.url(output!).lastPathComponent
      let reason = StillAnimation.reason(component, lineLimit: "--line-limit")
      if strict {
        try frames?.removeWritten()
        standardError("error: \(reason); \(file) not written (--strict)")
        return 2
      }
      standardError("warning: \(reason): \(StillAnimation.written(file))")
    }
    try frames?.finish(count: animation.frames.count)
    try AtomicFile.write(rendered.files[0].bytes, to: RunDirectory.url(output!))
    if printsLayout { try printLayout(rendered.layout, fontSet: renderer.fontSet) }
    return 0
  }

  /// Where a still in `format` goes: `--out`, or with `--format` `--out` with its extension.
  private func file(for format: OutputFormat) -> URL {
    let url = RunDirectory.url(output!)
    return writesExtensions
      ? url.deletingPathExtension().appendingPathExtension(format.rawValue) : url
  }

  /// Creates the folders `--out` and `--frames` write into, before anything is rendered, as
  /// `render MANIFEST --out DIR` does: a place that cannot be written is a command line mistake
  /// (exit 2), like a manifest's output folder, not a failed render (exit 1).
  private func prepareOutputFolders() throws(UsageError) {
    let file = RunDirectory.url(output!)
    let folder = file.deletingLastPathComponent()
    let folderName = (output! as NSString).deletingLastPathComponent
    if let problem = OutputFolder.problem(
      folder.path, name: folderName.isEmpty ? "." : folderName)
    {
      throw UsageError("--out: \(problem)")
    }
    for target in direction == nil ? formats.map(file(for:)) : [file] {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        let name = (folderName as NSString).appendingPathComponent(target.lastPathComponent)
        throw UsageError("--out: '\(name)' is a folder, not a file")
      }
    }
    if let framesFolder, let problem = OutputFolder.problem(framesFolder, name: framesFolder) {
      throw UsageError("--frames: \(problem)")
    }
  }

  /// Prints the `layout.json` a one-item manifest of these settings gets, byte for byte.
  private func printLayout(_ layout: FileLayout, fontSet: FontSet) throws {
    let data = try LayoutReport.fileData(
      name: job.itemName, fontSet: fontSet, entries: [LayoutReport.Entry(job, layout: layout)])
    Console.print(String(decoding: data, as: UTF8.self), terminator: "")
  }
}
