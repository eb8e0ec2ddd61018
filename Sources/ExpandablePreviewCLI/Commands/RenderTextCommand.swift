import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// `expandable-preview render --text "…" --out file.png [options]`: one component, one state.
struct RenderTextCommand {
  static let help = """
    USAGE: expandable-preview render (--text TEXT | --text-file FILE) --out FILE.png [options]

    Renders one state of one component to a PNG file.

    OPTIONS:
      --text TEXT              The text (drawn literally; markup is not interpreted).
      --text-file FILE         Read the text from a UTF-8 file instead.
      --out FILE.png           Where to write the PNG (atomically).
      --state STATE            collapsed (default) or expanded.
    \(ComponentSettings.flagHelp)
      --fonts PATH             Add a font file or folder to the pinned font set (repeatable).
      --system-fonts           Use this machine's fonts instead of the pinned set; the output
                               then depends on the machine.
      --print-layout           Print the layout decisions as JSON on standard output.

    Each option takes what the manifest key of the same meaning takes (see 'render --help'
    for the manifest), and a wrong value is reported the same way, naming the option.
    """

  var component = ExpandableText(text: "")
  var options = RenderOptions()
  var output: String?
  var printsLayout = false
  var addedFonts: [URL] = []
  var systemFonts = false

  init(arguments: inout ArgumentReader) throws(UsageError) {
    var text: String?
    var settings: [(flag: Setting.Flag, text: String)] = []
    while let flag = arguments.next() {
      switch flag {
      case "--text": text = try arguments.value(for: flag)
      case "--text-file": text = try Self.readText(arguments.value(for: flag))
      case "--out": output = try arguments.value(for: flag)
      case "--state":
        options.state = try arguments.value(for: flag, as: "collapsed or expanded") {
          ExpansionState(rawValue: $0)
        }
      case "--print-layout": printsLayout = true
      case "--fonts": addedFonts.append(URL(fileURLWithPath: try arguments.value(for: flag)))
      case "--system-fonts": systemFonts = true
      default:
        guard let setting = ComponentSettings.flags[flag] else {
          throw UsageError.unknownOption(flag, command: "render", known: Self.flagNames)
        }
        let value = setting.value == .presence ? "" : try arguments.value(for: flag)
        settings.append((setting, value))
      }
    }
    guard let text else { throw UsageError("render needs --text, --text-file or a manifest") }
    guard let output else { throw UsageError("render --text needs --out FILE.png") }
    try OutputFormat.checkPNG(output, flag: "--out")
    guard !(systemFonts && !addedFonts.isEmpty) else {
      throw UsageError("--system-fonts and --fonts cannot be combined")
    }
    let resolved = try ComponentSettings(flags: settings)
    component = resolved.component(text: text)
    let state = options.state
    options = resolved.renderOptions
    options.state = state
  }

  /// Every flag `render --text` knows, for "did you mean".
  static var flagNames: [String] {
    ["--text", "--text-file", "--out", "--state", "--print-layout", "--fonts", "--system-fonts"]
      + ComponentSettings.table.flatMap(\.flags).map(\.name)
  }

  private static func readText(_ path: String) throws(UsageError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw UsageError("--text-file: cannot read '\(path)': \(FileErrorReason.of(error))")
    }
    guard let decoded = String(data: data, encoding: .utf8) else {
      throw UsageError("--text-file: '\(path)' is not valid UTF-8")
    }
    return decoded
  }

  func run() throws -> Int32 {
    let renderer = try Renderer(fontSet: systemFonts ? .system : .standard(adding: addedFonts))
    let missing = FontCheck.missingStandardFiles(for: renderer.fontSet)
    for warning in [missing].compactMap({ $0 })
      + FontCheck.warnings(
        for: component, renderer: renderer)
    {
      standardError("warning: \(warning)")
    }
    let result = try renderer.renderPNG(component, options: options)
    try AtomicFile.write(result.png, to: URL(fileURLWithPath: output!))
    if printsLayout {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(result.layout), as: UTF8.self))
    }
    return 0
  }
}
