import Foundation

/// The encodings a still render makes from its one layout
/// (``Renderer/renderStill(_:options:as:)``); each costs its own drawing, so a render makes
/// only those asked for.
public struct StillEncodings: OptionSet, Sendable, Hashable {
  /// The bits of the encodings in the set.
  public let rawValue: Int
  /// The set whose bits are `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The PNG file's bytes (``RenderResult/png``), encoded where Cairo drew the pixels.
  public static let png = StillEncodings(rawValue: 1)
  /// The SVG document's bytes (``RenderResult/svg``).
  public static let svg = StillEncodings(rawValue: 2)
  /// The PDF document's bytes (``RenderResult/pdf``).
  public static let pdf = StillEncodings(rawValue: 4)
  /// The pixels as an ``Image`` (``RenderResult/image``) with the font files drawn with
  /// (``RenderResult/fontFiles``), which a golden check needs.
  public static let image = StillEncodings(rawValue: 8)
  /// No file: the faces drawn with, fallbacks included (the workbench shows them).
  package static let fontFaces = StillEncodings(rawValue: 16)
}

/// A still render: the layout decisions and, drawn from that one layout, each encoding the
/// render was asked for; the others are nil. ``Renderer/render(_:options:)`` fills ``image``
/// and ``fontFiles``, ``Renderer/renderPNG(_:options:)`` ``png``,
/// ``Renderer/renderSVG(_:options:)`` ``svg``, ``Renderer/renderPDF(_:options:)`` ``pdf``,
/// and ``Renderer/renderStill(_:options:as:)`` any mix of them.
public struct RenderResult: Sendable {
  /// The layout decisions every encoding was drawn from.
  public let layout: LayoutResult
  /// The drawn pixels, with ``StillEncodings/image``.
  public let image: Image?
  /// The PNG file's bytes, with ``StillEncodings/png``: the same as `image?.pngData()`.
  public let png: Data?
  /// The SVG document's bytes, with ``StillEncodings/svg``.
  public let svg: Data?
  /// The PDF document's bytes, with ``StillEncodings/pdf``.
  public let pdf: Data?
  /// The paths of the font files Pango drew the text with, sorted; listed with
  /// ``StillEncodings/image`` only (walking the runs for them costs every render of a batch,
  /// and only checks against goldens need them). Golden testing's `Fingerprint` records them.
  public let fontFiles: [String]
  /// The faces drawn with, fallbacks included, by name; listed only with
  /// ``StillEncodings/fontFaces``.
  package let fontFaces: [String]
  /// Thread CPU time spent converting and encoding the pixels as PNG (0 without
  /// ``StillEncodings/png``), for the benchmark.
  @_spi(Benchmark) public let encodeSeconds: Double

  init(
    layout: LayoutResult, image: Image? = nil, png: Data? = nil, svg: Data? = nil,
    pdf: Data? = nil, fontFiles: [String] = [], fontFaces: [String] = [],
    encodeSeconds: Double = 0
  ) {
    self.layout = layout
    self.image = image
    self.png = png
    self.svg = svg
    self.pdf = pdf
    self.fontFiles = fontFiles
    self.fontFaces = fontFaces
    self.encodeSeconds = encodeSeconds
  }
}
