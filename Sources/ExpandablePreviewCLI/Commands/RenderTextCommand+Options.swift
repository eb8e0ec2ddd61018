import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

/// `render --text`'s command line: the table its options are read with (each writes the
/// command's property of the same meaning), and the checks that need all of it.
extension RenderTextCommand {
  static let optionTable = OptionTable<Self>(
    command: "render", form: "render --text",
    options: [
      textOption("--text", "TEXT", help: "The text (drawn literally unless --markdown)."),
      textOption(
        "--text-file", "FILE", completion: .file,
        help: "Read the text from a UTF-8 file instead (its final line break ends its last line "
          + "and is not part of the text)."),
      .required(
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
        read: { command, arguments, flag throws(UsageError) in
          command.fontPaths.append(try arguments.value(for: flag))
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
        help: "Print the layout decisions on standard output: the layout.json a one-item "
          + "manifest of these settings gets (item 'text'), byte for byte (for an animation: "
          + "the canvas and, per frame, its time and height)."),
    ])

  /// No operand: a path beside `--text` is a manifest, which this form does not take.
  func take(operand: String, at index: Int) throws(UsageError) {
    throw UsageError(
      "render takes a MANIFEST or --text/--text-file, not both: '\(operand)' is not an "
        + "option of render --text")
  }

  /// Checks the command line once it is read, in the order its messages are given, and
  /// resolves the one job: the component, the state and the files.
  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  {
    guard let text else { throw UsageError("render needs --text, --text-file or a manifest") }
    try Self.optionTable.requireOptions(given)
    let outputFormat = try OutputFormat.of(path: output, flag: "--out")
    writesExtensions = !formats.isEmpty
    if formats.isEmpty { formats = [outputFormat] }
    guard !(systemFonts && !fontPaths.isEmpty) else {
      throw UsageError("--system-fonts and --fonts cannot be combined")
    }
    var resolved = try ComponentSettings(flags: settings)
    if let animation = resolved.animation?.wrapped, animation.curve == nil {
      let given = settings.filter { $0.flag.path.hasPrefix("animation.") }.map(\.flag.name)
      throw UsageError("\(given.joined(separator: ", ")) needs --animate CURVE")
    }
    component = resolved.component(text: text)
    // Flags that change nothing for this component: said, so a typo'd intent is not silent.
    if settings.contains(where: { $0.flag.name == "--tint" }), !component.isMarkdown {
      ineffectiveFlags.append("--tint colors Markdown links; without --markdown there are none")
    }
    let chosen = state ?? (component.expandAnimation == nil ? .collapsed : .expanding)
    state = chosen
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

  /// `--text` or `--text-file`: one text, as a second one would silently replace the first.
  fileprivate static func textOption(
    _ name: String, _ placeholder: String, completion: OptionCompletion = .none, help: String
  ) -> CommandOption<Self> {
    CommandOption(
      name: name, value: OptionValue(placeholder: placeholder, completion: completion),
      help: help, defaultValue: nil,
      read: { command, arguments, flag throws(UsageError) in
        if let given = command.textFlag {
          throw UsageError(
            given == flag
              ? "\(flag) is given twice; give one text" : "give --text or --text-file, not both")
        }
        command.textFlag = flag
        let value = try arguments.value(for: flag)
        command.text = flag == "--text" ? value : try readText(value)
      })
  }

  /// The settings table's flags: each value is kept and read by the manifest's reader.
  fileprivate static var settingOptions: [CommandOption<Self>] {
    ComponentSettings.table.flatMap { setting in
      setting.flags.map { flag in
        CommandOption<Self>(
          name: flag.name,
          value: flag.value == .presence ? nil : OptionValue(placeholder: flag.valueName),
          help: flag.summary ?? setting.summary,
          // A switch is off unless given; a flag with its own summary says its default there.
          defaultValue: flag.summary == nil && flag.value != .presence
            ? setting.defaultValue : nil,
          read: { command, arguments, name throws(UsageError) in
            let text = flag.value == .presence ? "" : try arguments.value(for: name)
            command.settings.append((flag, text))
          })
      }
    }
  }

  fileprivate static func readText(_ path: String) throws(UsageError) -> String {
    // Bounded while reading (a line break past the text limit allowed); a FIFO or device is
    // refused unread.
    let data: Data
    switch BoundedFile.read(RunDirectory.path(path), maxBytes: RenderLimits.maxTextBytes + 2) {
    case .absent:
      throw UsageError("--text-file: cannot read '\(path)': \(SystemReason.of(code: ENOENT))")
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

}
