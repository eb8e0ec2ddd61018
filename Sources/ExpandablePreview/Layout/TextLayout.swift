internal import CPangoCairo

/// Owns one `PangoLayout` of a text, wrapped at a width, and answers the questions the
/// truncation needs in points and UTF-8 byte offsets.
final class TextLayout {
  /// One laid-out line, in points relative to the layout's origin.
  struct Line {
    /// UTF-8 byte range of the line in ``TextLayout/text``.
    var bytes: Range<Int>
    var x: Double
    var top: Double
    var height: Double
    var baseline: Double
    var width: Double
    var isRightToLeft: Bool
    /// Where the line's glyphs actually draw, top to bottom; ink may pass the logical box.
    var ink: ClosedRange<Double>
    var bottom: Double { top + height }
  }

  private let pointer: OpaquePointer
  let text: [UInt8]
  /// The lines, computed once after layout (`pango_layout_get_iter`).
  private(set) var lines: [Line] = []

  /// Lays out `text` (never as markup) at `width` points with word-then-character wrapping.
  /// With `maxLines`, the text is one paragraph (newlines show as glyphs) that Pango ends with
  /// "…" where it would need more lines (`pango_layout_set_ellipsize`, negative height).
  init(
    text: [UInt8], context: PangoTextContext, font: PangoFontDescriptionRef, width: Double,
    lineSpacing: Double, direction: TextDirection, attributes: PangoAttributes? = nil,
    maxLines: Int? = nil
  ) throws(RenderError) {
    guard let layout = context.withUnsafePointer({ pango_layout_new($0) }) else {
      throw .pango("pango_layout_new returned NULL")
    }
    pointer = layout
    self.text = text
    font.withUnsafePointer { pango_layout_set_font_description(layout, $0) }
    pango_layout_set_width(layout, Self.units(width))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    pango_layout_set_spacing(layout, Self.units(lineSpacing))
    if let maxLines {
      pango_layout_set_single_paragraph_mode(layout, 1)
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      pango_layout_set_height(layout, -Int32(maxLines))
    }
    pango_layout_set_auto_dir(layout, direction == .natural ? 1 : 0)
    // With a fixed direction auto-dir is off, so the natural alignment must be set by hand.
    pango_layout_set_alignment(
      layout, direction == .rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    // `attributes` becomes the layout's list: callers pass a fresh one, which gets the
    // hyphen switch here so no layout can miss it.
    let attributeList: PangoAttributes
    if let attributes { attributeList = attributes } else { attributeList = try PangoAttributes() }
    attributeList.disableHyphens()
    text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        let chars = $0
        context.withPangoLanguage { language in
          ScriptLanguages.apply(
            to: attributeList, text: chars, language: language, textLanguage: context.language)
        }
        attributeList.withUnsafePointer { pango_layout_set_attributes(layout, $0) }
        pango_layout_set_text(layout, $0.baseAddress, Int32($0.count))
      }
    }
    lines = readLines()
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Lends the `PangoLayout` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// The height of all lines in points.
  var height: Double { lines.last?.bottom ?? 0 }

  /// Pango's per-character break attributes (`pango_layout_get_log_attrs_readonly`); one more
  /// entry than the text has characters.
  func withLogAttributes<R>(_ body: (UnsafeBufferPointer<PangoLogAttr>) -> R) -> R {
    var count: Int32 = 0
    let attributes = pango_layout_get_log_attrs_readonly(pointer, &count)
    return body(UnsafeBufferPointer(start: attributes, count: Int(count)))
  }

  /// Whether Pango must break the line before byte `offset`, as after a newline
  /// (`PangoLogAttr.is_mandatory_break`).
  func isMandatoryBreak(atByte offset: Int) -> Bool {
    let scalar = text[..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return withLogAttributes { scalar < $0.count && $0[scalar].is_mandatory_break != 0 }
  }

  /// The summed visual width of the bytes `range` on line `index`
  /// (`pango_layout_line_get_x_ranges`); correct for mixed-direction lines.
  func width(of range: Range<Int>, onLine index: Int) -> Double {
    guard !range.isEmpty, let line = pango_layout_get_line_readonly(pointer, Int32(index)) else {
      return 0
    }
    var ranges: UnsafeMutablePointer<Int32>? = nil
    var count: Int32 = 0
    pango_layout_line_get_x_ranges(
      line, Int32(range.lowerBound), Int32(range.upperBound), &ranges, &count)
    defer { g_free(ranges) }
    var total: Int32 = 0
    for pair in 0..<Int(count) {
      total += ranges![2 * pair + 1] - ranges![2 * pair]
    }
    return Self.points(total)
  }

  /// The rectangle covering the bytes `range` on line `index`, in layout points. Pango's x
  /// ranges already include the line's alignment offset.
  func frame(of range: Range<Int>, onLine index: Int) -> Rect? {
    guard !range.isEmpty, let line = pango_layout_get_line_readonly(pointer, Int32(index)) else {
      return nil
    }
    var ranges: UnsafeMutablePointer<Int32>? = nil
    var count: Int32 = 0
    pango_layout_line_get_x_ranges(
      line, Int32(range.lowerBound), Int32(range.upperBound), &ranges, &count)
    defer { g_free(ranges) }
    guard count > 0 else { return nil }
    var low = Int32.max
    var high = Int32.min
    for pair in 0..<Int(count) {
      low = min(low, ranges![2 * pair])
      high = max(high, ranges![2 * pair + 1])
    }
    let metrics = lines[index]
    return Rect(
      x: Self.points(low), y: metrics.top, width: Self.points(high - low),
      height: metrics.height)
  }

  /// The index of the line holding byte `offset` (`pango_layout_index_to_line_x`).
  func lineIndex(ofByte offset: Int) -> Int {
    var line: Int32 = 0
    var x: Int32 = 0
    pango_layout_index_to_line_x(pointer, Int32(offset), 0, &line, &x)
    return Int(line)
  }

  /// The files of the fonts Pango chose for the lines `range`: walks each line's runs to their
  /// `PangoFont` (`pango_layout_get_line_readonly`, `PangoLayoutLine.runs`).
  func fontFiles(lines range: Range<Int>) -> Set<String> {
    var files = Set<String>()
    forEachFont(lines: range) { font in
      if let file = FontFiles.file(of: font) { files.insert(file) }
    }
    return files
  }

  /// The faces Pango drew the lines `range` with, fallbacks included, by the names of the
  /// faces fontconfig matched (``FontFiles/faceName(of:)``).
  func fontFaces(lines range: Range<Int>) -> Set<String> {
    var faces = Set<String>()
    forEachFont(lines: range) { font in
      if let face = FontFiles.faceName(of: font) { faces.insert(face) }
    }
    return faces
  }

  /// Calls `body` with the font of every run of the lines `range`.
  private func forEachFont(
    lines range: Range<Int>, _ body: (UnsafeMutablePointer<PangoFont>) -> Void
  ) {
    for index in range {
      guard let line = pango_layout_get_line_readonly(pointer, Int32(index)) else { continue }
      var node = line.pointee.runs
      while let current = node {
        let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self)
        if let font = run?.pointee.item?.pointee.analysis.font { body(font) }
        node = current.pointee.next
      }
    }
  }

  private func readLines() -> [Line] {
    guard let iterator = pango_layout_get_iter(pointer) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    var result: [Line] = []
    repeat {
      guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, &ink, &logical)
      let start = Int(line.pointee.start_index)
      result.append(
        Line(
          bytes: start..<(start + Int(line.pointee.length)),
          x: Self.points(logical.x), top: Self.points(logical.y),
          height: Self.points(logical.height),
          baseline: Self.points(pango_layout_iter_get_baseline(iterator)),
          width: Self.points(logical.width),
          isRightToLeft: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL,
          ink: Self.points(ink.y)...Self.points(ink.y + max(0, ink.height))))
    } while pango_layout_iter_next_line(iterator) != 0
    return result
  }

  static func units(_ points: Double) -> Int32 { Int32((points * Double(PANGO_SCALE)).rounded()) }
  static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
}
