internal import CPangoCairo

/// The ellipsis and the label are shaped in the script of the text before them: Pango puts
/// Common characters (dashes, dots, digits) in the script run they follow, and each run gets
/// its language (``ScriptLanguages``), which picks the font's forms. In Noto Sans CJK, "——"
/// after Han (language zh-cn) is two full-width dashes, 34 pt at 17 pt, and 28.5 pt after a
/// Latin letter. So a longer prefix that ends in another script can take fewer lines than a
/// shorter one, and the suffix's width measured alone is no bound for every cut.
extension Layouter {
  /// The width of ellipsis + label on one line after each script a cut on lines N − 1 … N + 1
  /// may end in: one character of each script found there, or of the run the region starts
  /// in, stands for its run; with no real-script character before the region, the suffix
  /// measured alone stands for a prefix without any.
  func suffixWidthsAfterEachScript(_ full: TextLayout) throws(RenderError) -> [Double] {
    try suffixContexts(full).map { context throws(RenderError) in
      try measureSuffix(after: context)
    }
  }

  /// The text each suffix width is measured after (see ``suffixWidthsAfterEachScript(_:)``).
  func suffixContexts(_ full: TextLayout) -> [[UInt8]] {
    let limit = component.lineLimit
    let start = full.lines[max(0, limit - 2)].bytes.lowerBound
    let end = full.lines[min(full.lines.count - 1, limit)].bytes.upperBound
    // The run the region starts in: a cut after Common characters (digits, punctuation) at
    // its start ends in that run's script, or, before any real-script character, in none.
    let before = String(decoding: full.text[..<start], as: UTF8.self).unicodeScalars
      .last { BoundedPrefix.isRealScript($0.value) }
    var contexts: [[UInt8]] = before.map { [Array(String($0).utf8)] } ?? [[]]
    var scripts = Set(before.map { [Self.script(of: $0)] } ?? [])
    for scalar in String(decoding: full.text[start..<end], as: UTF8.self).unicodeScalars
    where BoundedPrefix.isRealScript(scalar.value) {
      if scripts.insert(Self.script(of: scalar)).inserted {
        contexts.append(Array(String(scalar).utf8))
      }
    }
    return contexts
  }

  /// The scalar's script (`g_unichar_get_script`), as a number to compare.
  static func script(of scalar: Unicode.Scalar) -> Int64 {
    Int64(g_unichar_get_script(scalar.value).rawValue)
  }

  /// The width of ellipsis + label laid out on one line after `context`, as painted.
  func measureSuffix(after context: [UInt8]) throws(RenderError) -> Double {
    let label = component.expandButton
    let suffixStart = context.count
    let bytes = context + Array(component.ellipsis.utf8) + Array(label.text.utf8)
    let labelStart = suffixStart + component.ellipsis.utf8.count
    let layout = try TextLayout(
      text: bytes, context: self.context, font: font, width: -1, lineSpacing: 0,
      direction: component.direction,
      attributes: labelAttributes(label, bytes: labelStart..<bytes.count))
    return layout.lines.indices.reduce(0) { total, index in
      let onLine = layout.lines[index].bytes.clamped(to: suffixStart..<bytes.count)
      return total + layout.width(of: onLine, onLine: index)
    }
  }
}
