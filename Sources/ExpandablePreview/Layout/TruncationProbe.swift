internal import CPangoCairo

/// Lets a reference outside the library check a truncation with the renderer's own Pango
/// settings: the whole text's lines and break attributes, and the line count of any kept prefix
/// laid out as the ellipsis style paints it. The tests' brute-force search and the fuzz
/// invariants use it; rendering never does.
@_spi(Reference) public final class TruncationProbe {
  private var layouter: Layouter
  /// The UTF-8 byte ranges of the whole text's lines at the render's width.
  public let lines: [Range<Int>]
  /// One per Unicode scalar of the text and one for its end: whether Pango lets the cursor
  /// stand there (`PangoLogAttr.is_cursor_position`).
  public let cursorPositions: [Bool]
  /// Likewise: whether a word ends or a line may break there (`is_word_end`, `is_line_break`).
  public let wordEnds: [Bool]

  public init(_ component: ExpandableText, options: RenderOptions, renderer: Renderer)
    throws(RenderError)
  {
    layouter = try renderer.layouter(component, options: options)
    let full = try layouter.layoutText(layouter.text)
    lines = full.lines.map(\.bytes)
    (cursorPositions, wordEnds) = full.withLogAttributes { attributes in
      (
        attributes.map { $0.is_cursor_position != 0 },
        attributes.map { $0.is_word_end != 0 || $0.is_line_break != 0 }
      )
    }
  }

  /// How many lines the text's first `prefixBytes` UTF-8 bytes take followed by the ellipsis
  /// and the label, laid out as one paragraph exactly as the ellipsis style paints it.
  public func lineCount(keepingBytes prefixBytes: Int) throws(RenderError) -> Int {
    try layouter.suffixed(prefixEnd: prefixBytes).lines.count
  }
}
