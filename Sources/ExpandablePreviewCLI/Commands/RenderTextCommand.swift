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
      --style STYLE            fade (default) or ellipsis.
      --line-limit N           Lines shown when collapsed (default 3).
      --width POINTS           Image width in points (default 375).
      --scale N                Pixels per point, 1-4 (default 2).
      --appearance MODE        light (default) or dark.
      --dynamic-type SIZE      xSmall … xxxLarge, accessibility1 … accessibility5 (default large).
      --font FONT              A text style (body, headline, …) or a Pango description
                               such as "DejaVu Sans Bold 15" (default body).
      --color COLOR            Text color: #RRGGBB, #RRGGBBAA or a system color (default primary).
      --more TEXT              Expand label (default "more").
      --more-color COLOR       Expand label color (default blue).
      --more-font FONT         Expand label font (default body).
      --less TEXT              Collapse label shown when expanded (default none).
      --less-placement WHERE   lastLine (default) or belowText.
      --ellipsis TEXT          Ellipsis style separator (default "... ").
      --word-boundaries        Ellipsis style: cut only where a word ends.
      --line-spacing POINTS    Extra space between lines (default 0).
      --padding P | T,L,B,T    Padding in points: one value or top,leading,bottom,trailing.
      --background COLOR       Background (default systemBackground of the appearance).
      --direction DIR          natural (default), leftToRight or rightToLeft.
      --language TAG           The text's language, BCP 47 (ja, zh-Hans, zh-Hant, ko, ar, …):
                               shaping and Han forms. Default en; never the locale.
      --fonts PATH             Add a font file or folder to the pinned set (repeatable).
      --system-fonts           Use this machine's fonts instead of the pinned set (output then
                               depends on the machine).
      --print-layout           Print the layout decisions as JSON on standard output.
    """

  var component = ExpandableText(text: "")
  var options = RenderOptions()
  var output: String?
  var printsLayout = false
  var addedFonts: [URL] = []
  var systemFonts = false

  init(arguments: inout ArgumentReader) throws(UsageError) {
    var text: String?
    while let flag = arguments.next() {
      switch flag {
      case "--text": text = try arguments.value(for: flag)
      case "--text-file":
        let path = try arguments.value(for: flag)
        guard let data = FileManager.default.contents(atPath: path) else {
          throw UsageError("--text-file: cannot read '\(path)'")
        }
        guard let decoded = String(data: data, encoding: .utf8) else {
          throw UsageError("--text-file: '\(path)' is not valid UTF-8")
        }
        text = decoded
      case "--out": output = try arguments.value(for: flag)
      case "--state":
        options.state = try arguments.value(for: flag, as: "collapsed or expanded") {
          ExpansionState(rawValue: $0)
        }
      case "--style":
        component.truncationStyle = try arguments.value(for: flag, as: "fade or ellipsis") {
          TruncationStyle(rawValue: $0)
        }
      case "--line-limit":
        component.lineLimit = try arguments.value(for: flag, as: "a whole number") { Int($0) }
      case "--width":
        options.width = try arguments.value(for: flag, as: "a number") { Double($0) }
      case "--scale": options.scale = try arguments.value(for: flag, as: "1 to 4") { Int($0) }
      case "--appearance":
        options.appearance = try arguments.value(for: flag, as: "light or dark") {
          Appearance(rawValue: $0)
        }
      case "--dynamic-type":
        options.dynamicType = try arguments.value(for: flag, as: "a Dynamic Type size") {
          DynamicTypeSize(rawValue: $0)
        }
      case "--font": component.font = try Self.font(arguments.value(for: flag), flag)
      case "--color": component.foregroundColor = try Self.color(arguments.value(for: flag), flag)
      case "--more": component.expandButton.text = try arguments.value(for: flag)
      case "--more-color":
        component.expandButton.color = try Self.color(arguments.value(for: flag), flag)
      case "--more-font":
        component.expandButton.font = try Self.font(arguments.value(for: flag), flag)
      case "--less":
        component.collapseButton = TextSet(text: try arguments.value(for: flag), font: .body)
      case "--less-placement":
        component.collapsePlacement = try arguments.value(for: flag, as: "lastLine or belowText") {
          CollapsePlacement(rawValue: $0)
        }
      case "--ellipsis": component.ellipsis = try arguments.value(for: flag)
      case "--word-boundaries": component.cutsAtWordBoundaries = true
      case "--line-spacing":
        component.lineSpacing = try arguments.value(for: flag, as: "a number") { Double($0) }
      case "--padding":
        options.padding = try arguments.value(for: flag, as: "one number or four, comma-separated")
        {
          let values = $0.split(separator: ",").compactMap { Double($0) }
          switch values.count {
          case 1: return EdgeInsets(all: values[0])
          case 4:
            return EdgeInsets(
              top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
          default: return nil
          }
        }
      case "--background": options.background = try Self.color(arguments.value(for: flag), flag)
      case "--direction":
        component.direction = try arguments.value(
          for: flag, as: "natural, leftToRight or rightToLeft"
        ) { TextDirection(rawValue: $0) }
      case "--language": options.language = try arguments.value(for: flag)
      case "--fonts": addedFonts.append(URL(fileURLWithPath: try arguments.value(for: flag)))
      case "--system-fonts": systemFonts = true
      case "--print-layout": printsLayout = true
      default: throw UsageError("unknown option '\(flag)' for render; see 'render --help'")
      }
    }
    guard let text else { throw UsageError("render needs --text, --text-file or a manifest") }
    guard output != nil else { throw UsageError("render --text needs --out FILE.png") }
    guard !(systemFonts && !addedFonts.isEmpty) else {
      throw UsageError("--system-fonts and --fonts cannot be combined")
    }
    component.text = text
  }

  func run() throws -> Int32 {
    let renderer = try Renderer(fontSet: systemFonts ? .system : .standard(adding: addedFonts))
    for warning in FontCheck.warnings(for: component, renderer: renderer) {
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

  private static func font(_ string: String, _ flag: String) throws(UsageError) -> Font {
    do { return try Font(parsing: string) } catch { throw UsageError("\(flag): \(error)") }
  }

  private static func color(_ string: String, _ flag: String) throws(UsageError) -> Color {
    do { return try Color(parsing: string) } catch { throw UsageError("\(flag): \(error)") }
  }
}
