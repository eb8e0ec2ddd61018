internal import CPangoCairo

/// Owns a `PangoContext` set up for deterministic output: 72 dpi (one point is one unit),
/// no hinting, grayscale antialiasing, hint metrics off, unrounded glyph positions, and the
/// text's language set explicitly, so the process's locale never takes part.
final class PangoTextContext {
  private let pointer: OpaquePointer
  /// Families appended to every font description, in order, so that fallback follows the
  /// set's own order rather than fontconfig's ties; empty with system fonts.
  let fallbackFamilies: [String]
  /// The text's language tag as given, and as a `PangoLanguage` (owned by Pango, never freed).
  let language: String
  private let pangoLanguage: OpaquePointer?

  /// Creates a context on `fontMap` (`pango_font_map_create_context`,
  /// `pango_context_set_language`).
  init(
    fontMap: UnsafeMutablePointer<PangoFontMap>, direction: TextDirection, language: String,
    pinned: Bool
  ) throws(RenderError) {
    guard let context = pango_font_map_create_context(fontMap) else {
      throw .pango("pango_font_map_create_context returned NULL")
    }
    pointer = context
    fallbackFamilies = pinned ? FontFallback.families(language: language) : []
    pango_cairo_context_set_resolution(context, 72)
    let options = cairo_font_options_create()
    defer { cairo_font_options_destroy(options) }
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(context, options)
    pango_context_set_round_glyph_positions(context, 0)
    pango_context_set_base_dir(
      context, direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
    self.language = language
    pangoLanguage = pango_language_from_string(LanguageTag.pangoTag(language))
    pango_context_set_language(context, pangoLanguage)
  }

  /// Lends the text's `PangoLanguage` to `body`, as the context's other C objects are lent.
  func withPangoLanguage<R, E: Error>(_ body: (OpaquePointer?) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pangoLanguage) }
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Lends the `PangoContext` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }
}

/// Owns a `PangoFontDescription` (`pango_font_description_free`).
final class PangoFontDescriptionRef {
  private let pointer: OpaquePointer

  /// The description of `font` at `dynamicType`. A text style without a family gets Inter
  /// below 20 pt and Inter Display from 20 pt (iOS's optical switch between SF Pro Text and
  /// Display); any description gets `fallbackFamilies` after its own. Bold Text
  /// (`legibilityWeight` `.bold`) draws a text style one weight heavier; a Pango description
  /// is used as written, as iOS leaves a fixed custom font alone.
  init(
    _ font: Font, dynamicType: DynamicTypeSize, legibilityWeight: LegibilityWeight = .regular,
    fallbackFamilies: [String] = []
  ) throws(RenderError) {
    switch font.storage {
    case .description(let string):
      guard let description = pango_font_description_from_string(string) else {
        throw .pango("cannot parse font description '\(string)'")
      }
      pointer = description
      // Without a size Pango would pick its own default, which the paragraph-length limit
      // cannot see; use body's size at the large Dynamic Type setting instead.
      if pango_font_description_get_set_fields(description).rawValue
        & PANGO_FONT_MASK_SIZE.rawValue == 0
      {
        let size = TextStyle.body.pointSize() * Double(PANGO_SCALE)
        pango_font_description_set_size(description, Int32(size.rounded()))
      }
    case .style(let style, _, let weight):
      guard let description = pango_font_description_new() else {
        throw .pango("pango_font_description_new returned NULL")
      }
      pointer = description
      pango_font_description_set_weight(
        description,
        PangoWeight(rawValue: UInt32((weight ?? style.weight).under(legibilityWeight).rawValue)))
      let size = style.pointSize(at: dynamicType) * Double(PANGO_SCALE)
      pango_font_description_set_size(description, Int32(size.rounded()))
    }
    let requested =
      pango_font_description_get_family(pointer).map { String(cString: $0) }
      ?? font.familyName ?? Font.defaultFamily(pointSize: pointSize)
    requestedFamily = requested
    // The stand-in for the size comes first among the fallbacks, so a family outside the set
    // is drawn as the text style would be.
    let fallback =
      fallbackFamilies.isEmpty ? [] : [Font.defaultFamily(pointSize: pointSize)] + fallbackFamilies
    pango_font_description_set_family(
      pointer, FontFallback.familyList(requested, then: fallback))
  }

  /// The families asked for, without the fallback ones.
  private(set) var requestedFamily = ""

  deinit { pango_font_description_free(pointer) }

  /// Lends the `PangoFontDescription` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// The size in points (`pango_font_description_get_size`; 0 when the description has none).
  var pointSize: Double {
    Double(pango_font_description_get_size(pointer)) / Double(PANGO_SCALE)
  }
}

/// Owns a `PangoAttrList`; attributes added to it are owned by the list.
final class PangoAttributes {
  private let pointer: OpaquePointer

  init() throws(RenderError) {
    guard let list = pango_attr_list_new() else {
      throw .pango("pango_attr_list_new returned NULL")
    }
    pointer = list
  }

  deinit { pango_attr_list_unref(pointer) }

  /// Lends the `PangoAttrList` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// Colors the UTF-8 byte range `range` (`pango_attr_foreground_new`, `…_alpha_new`).
  func setColor(_ rgba: Color.RGBA, bytes range: Range<Int>) {
    func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
    insert(
      pango_attr_foreground_new(channel(rgba.red), channel(rgba.green), channel(rgba.blue)),
      range)
    insert(pango_attr_foreground_alpha_new(channel(rgba.alpha)), range)
  }

  /// Sets the font of `range` (`pango_attr_font_desc_new` copies the description).
  func setFont(_ font: PangoFontDescriptionRef, bytes range: Range<Int>) {
    font.withUnsafePointer { insert(pango_attr_font_desc_new($0), range) }
  }

  /// Sets the language of the UTF-8 byte range `range` (`pango_attr_language_new`).
  func setLanguage(_ language: OpaquePointer?, bytes range: Range<Int>) {
    insert(pango_attr_language_new(language), range)
  }

  /// Turns off the hyphens Pango inserts where it breaks a word by character; iOS draws none.
  func disableHyphens() {
    insert(pango_attr_insert_hyphens_new(0), 0..<Int(UInt32.max))
  }

  func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
    guard let attribute else { return }
    attribute.pointee.start_index = guint(range.lowerBound)
    attribute.pointee.end_index = guint(range.upperBound)
    pango_attr_list_insert(pointer, attribute)
  }
}
