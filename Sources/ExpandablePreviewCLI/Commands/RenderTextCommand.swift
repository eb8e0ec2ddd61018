import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview render --text "…" --out file.png [options]`: one component, one state.
struct RenderTextCommand {
  static let help = """
    USAGE: expandable-preview render (--text TEXT | --text-file FILE) --out FILE.png [options]

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
    """

  var component = ExpandableText(text: "")
  var options = RenderOptions()
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
  /// `--accessibility-overlay`: also write `<out>-accessibility.png` beside a still.
  var writesAccessibilityOverlay = false

  /// The command line as read, before the checks that need all of it.
  struct Arguments {
    var text: String?
    /// `--text` or `--text-file`, whichever gave the text.
    var textFlag: String?
    var output: String?
    var formats: [OutputFormat] = []
    var state: OutputState?
    var framesFolder: String?
    var printsLayout = false
    var strict = false
    var addedFonts: [String] = []
    var systemFonts = false
    /// The component's settings, in command-line order (a later one wins).
    var settings: [(flag: Setting.Flag, text: String)] = []
  }

  static let optionTable = OptionTable<Arguments>(
    command: "render",
    options: [
      textOption("--text", "TEXT", help: "The text (drawn literally unless --markdown)."),
      textOption(
        "--text-file", "FILE", completion: .file,
        help: "Read the text from a UTF-8 file instead (its final line break ends its last line "
          + "and is not part of the text)."),
      .text(
        "--out", "FILE.png", \.output, completion: .file,
        help: "Where to write the file (atomically): .png, .svg or .pdf; its folder is created."),
      FormatOption.option(
        \.formats,
        help: "repeat for several: each is written to --out with the format's extension.",
        defaultValue: "--out's extension"),
      .value(
        "--state", "STATE", \.state, expected: "collapsed, expanded, expanding or collapsing",
        completion: .choices(OutputState.allCases.map(\.rawValue)),
        help: "collapsed, expanded, or with --animate: expanding (the default then) or "
          + "collapsing (needs --less).", defaultValue: OutputState.collapsed.rawValue,
        convert: { text -> OutputState?? in OutputState(rawValue: text).map { .some($0) } }),
    ] + settingOptions + [
      CommandOption(
        name: "--fonts", value: OptionValue(placeholder: "PATH", completion: .file),
        help: "Add a font file or folder to the pinned font set (repeatable).", defaultValue: nil,
        read: { parsed, arguments, flag throws(UsageError) in
          parsed.addedFonts.append(try arguments.value(for: flag))
        }),
      .flag(
        "--system-fonts", \.systemFonts,
        help: "Use this machine's fonts instead of the pinned set; the output then depends on "
          + "the machine."),
      .text(
        "--frames", "DIR", \.framesFolder, completion: .directory,
        help: "With --animate: also write every frame as DIR/frame-NNN.png (numbered from 000; "
          + "the folder is created)."),
      .flag(
        "--strict", \.strict,
        help: "Treat a font family outside the set, characters no font has, an animation of a "
          + "text that fits within --line-limit (nothing to expand: one frame, the still), or a "
          + "flag that changes nothing (--tint without --markdown) as an error (exit 2) instead "
          + "of a warning."),
      .flag(
        "--print-layout", \.printsLayout,
        help: "Print the layout decisions as JSON on standard output (for an animation: the "
          + "canvas and, per frame, its time and height)."),
    ])

  /// `--text` or `--text-file`: one text, as a second one would silently replace the first.
  private static func textOption(
    _ name: String, _ placeholder: String, completion: OptionCompletion = .none, help: String
  ) -> CommandOption<Arguments> {
    CommandOption(
      name: name, value: OptionValue(placeholder: placeholder, completion: completion),
      help: help, defaultValue: nil,
      read: { parsed, arguments, flag throws(UsageError) in
        if let given = parsed.textFlag {
          throw UsageError(
            given == flag
              ? "\(flag) is given twice; give one text" : "give --text or --text-file, not both")
        }
        parsed.textFlag = flag
        let value = try arguments.value(for: flag)
        parsed.text = flag == "--text" ? value : try readText(value)
      })
  }

  /// The settings table's flags: each value is kept and read by the manifest's reader.
  private static var settingOptions: [CommandOption<Arguments>] {
    ComponentSettings.table.flatMap { setting in
      setting.flags.map { flag in
        CommandOption<Arguments>(
          name: flag.name,
          value: flag.value == .presence ? nil : OptionValue(placeholder: flag.valueName),
          help: flag.summary ?? setting.summary,
          // A switch is off unless given; a flag with its own summary says its default there.
          defaultValue: flag.summary == nil && flag.value != .presence
            ? setting.defaultValue : nil,
          read: { parsed, arguments, name throws(UsageError) in
            let text = flag.value == .presence ? "" : try arguments.value(for: name)
            parsed.settings.append((flag, text))
          })
      }
    }
  }

  init(arguments: inout ArgumentReader) throws(UsageError) {
    var parsed = Arguments()
    try Self.optionTable.parse(
      &arguments, into: &parsed,
      positional: { _, argument throws(UsageError) in
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
    let resolved = try ComponentSettings(flags: settings)
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
    options = resolved.renderOptions
    writesAccessibilityOverlay = resolved.accessibilityOverlay ?? false
    let chosen = state ?? (component.expandAnimation == nil ? .collapsed : .expanding)
    if let still = chosen.still { options.state = still }
    direction = chosen.direction
    if direction != nil, component.expandAnimation == nil {
      throw UsageError("--state \(chosen.rawValue) needs --animate CURVE (for example easeOut)")
    }
    if writesAccessibilityOverlay, direction != nil {
      // The overlay is a still's; an animation would be written without it, silently.
      let why =
        state == nil
        ? "--animate renders an animation (expanding, unless --state says otherwise)"
        : "--state \(chosen.rawValue) is an animation"
      throw UsageError(
        "--accessibility-overlay shows a still's accessibility elements, but \(why): add "
          + "--state collapsed or --state expanded, or leave out --accessibility-overlay")
    }
    if direction == .collapsing, let problem = SettingRules.collapsing(component) {
      throw UsageError("--state \(problem.requirement): add --less TEXT")
    }
    if framesFolder != nil, direction == nil {
      throw UsageError("--frames writes an animation's frames: add --animate CURVE")
    }
    if direction != nil, let vector = formats.first(where: { $0 != .png }) {
      throw UsageError(
        "an animation is written as an animated PNG, not \(vector.rawValue): "
          + (formatsGiven ? "drop --format \(vector.rawValue)" : "give --out a .png name")
          + " (SVG and PDF are for the collapsed and expanded stills)")
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

  private static func readText(_ path: String) throws(UsageError) -> String {
    // Bounded while reading (a line break past the text limit allowed); a FIFO or device is
    // refused unread.
    let data: Data
    switch BoundedFile.read(RunDirectory.path(path), maxBytes: RenderLimits.maxTextBytes + 2) {
    case .absent:
      throw UsageError("--text-file: cannot read '\(path)': \(String(cString: strerror(ENOENT)))")
    case .unreadable(let reason): throw UsageError("--text-file: \(reason)")
    case .bytes(let bytes, _): data = bytes
    }
    guard var decoded = String(data: data, encoding: .utf8) else {
      throw UsageError("--text-file: '\(path)' is not valid UTF-8")
    }
    // As a manifest's textFile: the file's last line break ends its last line; it is not text.
    if decoded.last?.isNewline == true { decoded.removeLast() }
    return decoded
  }

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
    if let direction { return try runAnimation(direction, renderer: renderer) }
    // One layout drawn in every format, as a manifest's job.
    let still = try renderer.renderStill(
      component, options: options, as: formats.reduce(into: []) { $0.insert($1.encoding) })
    for format in formats {
      try AtomicFile.write(format.bytes(of: still)!, to: file(for: format))
    }
    if writesAccessibilityOverlay {
      let overlay = try renderer.renderAccessibilityOverlay(component, options: options)
      try AtomicFile.write(try overlay.image.pngData(), to: overlayFile)
    }
    if printsLayout { try Self.printJSON(still.layout) }
    return 0
  }

  /// `--out` with `-accessibility.png` in place of its extension: the overlay's file.
  private var overlayFile: URL {
    let url = RunDirectory.url(output!).deletingPathExtension()
    return url.deletingLastPathComponent().appendingPathComponent(
      url.lastPathComponent + "-accessibility.png")
  }

  /// Writes the animated PNG, and with `--frames` every frame as a numbered PNG.
  private func runAnimation(_ direction: AnimationDirection, renderer: Renderer) throws -> Int32 {
    let frames = framesFolder.map {
      FrameFiles(folder: RunDirectory.url($0, isDirectory: true))
    }
    // Each frame is written as soon as it is drawn, so memory holds one frame, not all.
    let result = try renderer.renderAnimation(
      component, options: options, direction: direction,
      eachFrame: frames.map { frames in { index, image in frames.write(image, number: index) } })
    if result.isStill {
      let file = RunDirectory.url(output!).lastPathComponent
      let reason = StillAnimation.reason(component, lineLimit: "--line-limit")
      if strict {
        try frames?.removeWritten()
        standardError("error: \(reason); \(file) not written (--strict)")
        return 2
      }
      standardError("warning: \(reason): \(StillAnimation.written(file))")
    }
    try frames?.finish(count: result.frames.count)
    try AtomicFile.write(result.apng, to: RunDirectory.url(output!))
    if printsLayout {
      struct AnimationLayout: Encodable {
        var size: Size
        var pixelSize: Size
        var frames: [LayoutReport.Entry.Frame]
      }
      try Self.printJSON(
        AnimationLayout(
          size: result.size, pixelSize: result.pixelSize,
          frames: result.frames.map { .init(time: $0.time, height: $0.height) }))
    }
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

  private static func printJSON(_ value: some Encodable) throws {
    Console.print(String(decoding: try StableJSON.data(value), as: UTF8.self), terminator: "")
  }
}
