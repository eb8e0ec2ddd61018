internal import CPangoCairo
import Foundation

extension Renderer {
  /// The family fontconfig substitutes for `font` when the family asked for is not available
  /// to this renderer (for example a typo, or a font not installed or not pinned); `nil` when
  /// the family is used as asked, or is a generic name such as `sans-serif`.
  ///
  /// Calls `pango_context_load_font` and `pango_font_describe`.
  package func substitution(for font: Font) throws(RenderError) -> FontSubstitution? {
    let description = try PangoFontDescriptionRef(font, dynamicType: .large)
    let requested = description.requestedFamily
    let generic = [
      "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
      "emoji",
    ]
    // A description may list several families ("Foo, Bar"); any of them counts as asked for.
    let asked = requested.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard !asked.contains(where: generic.contains) else { return nil }
    if let config {
      // The pinned set falls back to San Francisco's stand-in for the size.
      guard !asked.contains(where: config.families.contains) else { return nil }
      return FontSubstitution(
        requested: requested, used: Font.defaultFamily(pointSize: description.pointSize))
    }
    return try serializedForSystemFonts { () throws(RenderError) -> FontSubstitution? in
      let context = try withFontMap { map throws(RenderError) in
        try PangoTextContext(
          fontMap: map, direction: .natural, language: LanguageTag.defaultTag, pinned: false)
      }
      let loaded = context.withUnsafePointer { context in
        description.withUnsafePointer { pango_context_load_font(context, $0) }
      }
      guard let loaded else {
        return FontSubstitution(requested: requested, used: "no font at all")
      }
      defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
      guard let used = pango_font_describe(loaded) else { return nil }
      defer { pango_font_description_free(used) }
      let family = pango_font_description_get_family(used).map(String.init) ?? ""
      return asked.contains(family.lowercased())
        ? nil : FontSubstitution(requested: requested, used: family)
    }
  }
}

/// A font family that is not available and the family drawn in its place.
package struct FontSubstitution: Sendable, Hashable {
  package var requested: String
  package var used: String
}
