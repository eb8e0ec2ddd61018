/// A finished layout: the Pango objects to draw and where, plus the public ``LayoutResult``.
/// Built by ``Layouter``, painted by ``Painter``; it makes no decisions of its own.
struct ComponentLayout {
  /// A label with its own layout, drawn at `frame`.
  struct PlacedLabel {
    var layout: TextLayout
    var frame: Rect
    var color: Color.RGBA
  }

  /// The body text layout; lines `0..<visibleLines` are drawn.
  var body: TextLayout
  var visibleLines: Int
  /// The top-left corner of the body layout in points.
  var origin: (x: Double, y: Double)
  var textColor: Color.RGBA
  /// The fade over the last visible line, and whether it runs right to left.
  var fade: (frame: Rect, isRightToLeft: Bool)?
  var label: PlacedLabel?
  var result: LayoutResult

  /// The font files used by what the painter draws: the visible body lines and the label.
  func fontFiles() -> [String] {
    var files = body.fontFiles(lines: 0..<visibleLines)
    if let label {
      files.formUnion(label.layout.fontFiles(lines: 0..<min(1, label.layout.lines.count)))
    }
    return files.sorted()
  }

  /// The faces the painter draws with (the visible body lines and the label), fallbacks
  /// included, by name, sorted.
  func fontFaces() -> [String] {
    var faces = body.fontFaces(lines: 0..<visibleLines)
    if let label {
      faces.formUnion(label.layout.fontFaces(lines: 0..<min(1, label.layout.lines.count)))
    }
    return faces.sorted()
  }
}
