internal import CPangoCairo
import Foundation

/// Reads which font files Pango used, from fontconfig patterns.
package enum FontFiles {
  /// Whether the GObject `object` is an instance of `type` (`g_type_check_instance_is_a`).
  static func isInstance<T>(_ object: UnsafeMutablePointer<T>, of type: GType) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  /// The file behind a Pango font, if it is a fontconfig font (`pango_fc_font_get_pattern`,
  /// `FC_FILE`).
  static func file(of font: UnsafeMutablePointer<PangoFont>) -> String? {
    guard isInstance(font, of: pango_fc_font_get_type()) else { return nil }
    guard
      let pattern = pango_fc_font_get_pattern(
        UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
    else { return nil }
    return string(FC_FILE, of: pattern)
  }

  /// The name of the face behind a Pango font as fontconfig matched it: its full name, else
  /// family and style (`FC_FULLNAME`, `FC_FAMILY`, `FC_STYLE` of `pango_fc_font_get_pattern`).
  /// Names the face inside a collection too, where the file alone would not.
  static func faceName(of font: UnsafeMutablePointer<PangoFont>) -> String? {
    guard isInstance(font, of: pango_fc_font_get_type()) else { return nil }
    guard
      let pattern = pango_fc_font_get_pattern(
        UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
    else { return nil }
    return faceName(of: pattern)
  }

  private static func faceName(of pattern: OpaquePointer) -> String? {
    if let full = string(FC_FULLNAME, of: pattern) { return full }
    guard let family = string(FC_FAMILY, of: pattern) else { return nil }
    return [family, string(FC_STYLE, of: pattern)].compactMap { $0 }.joined(separator: " ")
  }

  /// The first string value of `key` in a fontconfig pattern (`FcPatternGetString`).
  static func string(_ key: String, of pattern: OpaquePointer) -> String? {
    var value: UnsafeMutablePointer<FcChar8>? = nil
    guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }

  /// The name of the first face in a font file: its full name, else family and style
  /// (`FcFreeTypeQuery`; the pattern is freed with `FcPatternDestroy`).
  package static func faceName(ofFile path: String) -> String? {
    var count: Int32 = 0
    guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return nil }
    defer { FcPatternDestroy(pattern) }
    return faceName(of: pattern)
  }
}
