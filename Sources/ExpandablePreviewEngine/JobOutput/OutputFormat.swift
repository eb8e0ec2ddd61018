import ExpandablePreview
import Foundation

/// A file format `render` writes: PNG (per scale), or SVG and PDF (resolution-free, so one file
/// per variant whatever its scale).
package enum OutputFormat: String, Sendable, Hashable, CaseIterable {
  case png, svg, pdf

  /// The encoding of a still the renderer makes for this format.
  package var encoding: StillEncodings {
    switch self {
    case .png: .png
    case .svg: .svg
    case .pdf: .pdf
    }
  }

  /// This format's bytes in `still` (nil when it was not asked for).
  package func bytes(of still: RenderResult) -> Data? {
    switch self {
    case .png: still.png
    case .svg: still.svg
    case .pdf: still.pdf
    }
  }

  /// The format `path`'s extension names (any case); a path with another extension is a
  /// mistake to report, not a PNG under a misleading name.
  package static func of(path: String, flag: String) throws(EngineError) -> OutputFormat {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."),
      let format = OutputFormat(rawValue: name[name.index(after: dot)...].lowercased())
    else {
      throw EngineError("\(flag) '\(path)': the file must end in .png, .svg or .pdf")
    }
    return format
  }

  /// The formats of a list, each once, in the order png, svg, pdf.
  package static func ordered(_ formats: some Sequence<OutputFormat>) -> [OutputFormat] {
    let set = Set(formats)
    return allCases.filter(set.contains)
  }
}
