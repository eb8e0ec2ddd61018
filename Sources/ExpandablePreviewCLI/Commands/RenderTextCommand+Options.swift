import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

/// `render --text`'s options: the command line as read, and the table it is read with.
extension RenderTextCommand {
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
        help: "Print the layout decisions on standard output: the layout.json a one-item "
          + "manifest of these settings gets (item 'text'), byte for byte (for an animation: "
          + "the canvas and, per frame, its time and height)."),
    ])

  /// `--text` or `--text-file`: one text, as a second one would silently replace the first.
  fileprivate static func textOption(
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
  fileprivate static var settingOptions: [CommandOption<Arguments>] {
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
