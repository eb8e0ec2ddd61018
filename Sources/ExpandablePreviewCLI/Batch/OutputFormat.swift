import ExpandablePreview
import Foundation

/// A file format `render` writes: PNG (per scale), or SVG and PDF (resolution-free, so one file
/// per variant whatever its scale).
enum OutputFormat: String, Sendable, Hashable, CaseIterable {
  case png, svg, pdf

  /// Renders `component` in this format with `renderer`.
  func render(_ component: ExpandableText, options: RenderOptions, with renderer: Renderer)
    throws(RenderError) -> (data: Data, layout: LayoutResult)
  {
    switch self {
    case .png:
      let result = try renderer.renderPNG(component, options: options)
      return (result.png, result.layout)
    case .svg:
      let result = try renderer.renderSVG(component, options: options)
      return (result.data, result.layout)
    case .pdf:
      let result = try renderer.renderPDF(component, options: options)
      return (result.data, result.layout)
    }
  }

  /// The format `path`'s extension names (any case); a path with another extension is a
  /// mistake to report, not a PNG under a misleading name.
  static func of(path: String, flag: String) throws(UsageError) -> OutputFormat {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."),
      let format = OutputFormat(rawValue: name[name.index(after: dot)...].lowercased())
    else {
      throw UsageError("\(flag) '\(path)': the file must end in .png, .svg or .pdf")
    }
    return format
  }

  /// The formats of a list, each once, in the order png, svg, pdf.
  static func ordered(_ formats: some Sequence<OutputFormat>) -> [OutputFormat] {
    let set = Set(formats)
    return allCases.filter(set.contains)
  }
}
