internal import CPangoCairo

/// Gives every run of a script the text's language does not write a fixed language of its own.
///
/// Pango picks a "sample language" for such runs (Han in an English text, Arabic in a Japanese
/// one) from the `PANGO_LANGUAGE` and `LANGUAGE` environment variables when they are set, and
/// that language decides the font fallback and Han glyph forms. Setting the language per run
/// (`pango_attr_language_new`) keeps the environment out.
enum ScriptLanguages {
  /// The language for runs of `script`; Han follows the CJK family of the text's language
  /// (Simplified Chinese unless the text is Japanese, Korean or Traditional Chinese).
  static func language(for script: PangoScript, textLanguage: String) -> String {
    switch script {
    case PANGO_SCRIPT_HAN, PANGO_SCRIPT_BOPOMOFO:
      switch LanguageTag.cjkFamily(textLanguage) {
      case let family where family.hasSuffix("JP"): "ja"
      case let family where family.hasSuffix("KR"): "ko"
      case let family where family.hasSuffix("TC"): "zh-tw"
      case let family where family.hasSuffix("HK"): "zh-hk"
      default: "zh-cn"
      }
    case PANGO_SCRIPT_HIRAGANA, PANGO_SCRIPT_KATAKANA: "ja"
    case PANGO_SCRIPT_HANGUL: "ko"
    case PANGO_SCRIPT_ARABIC: "ar"
    case PANGO_SCRIPT_HEBREW: "he"
    case PANGO_SCRIPT_THAI: "th"
    case PANGO_SCRIPT_DEVANAGARI: "hi"
    case PANGO_SCRIPT_CYRILLIC: "ru"
    case PANGO_SCRIPT_GREEK: "el"
    case PANGO_SCRIPT_LATIN: "en"
    // A tag Pango knows nothing about counts as writing every script, so Pango keeps it.
    default: "xx"
    }
  }

  /// Adds a language attribute to each script run of `text` that `language` does not write
  /// (`pango_script_iter_new`, `pango_language_includes_script`).
  static func apply(
    to attributes: PangoAttributes, text: UnsafeBufferPointer<CChar>,
    language: OpaquePointer?, textLanguage: String
  ) {
    guard let base = text.baseAddress, !text.isEmpty,
      let iterator = pango_script_iter_new(base, Int32(text.count))
    else { return }
    defer { pango_script_iter_free(iterator) }
    repeat {
      var start: UnsafePointer<CChar>? = nil
      var end: UnsafePointer<CChar>? = nil
      var script = PANGO_SCRIPT_COMMON
      pango_script_iter_get_range(iterator, &start, &end, &script)
      guard let start, let end else { break }
      if pango_language_includes_script(language, script) == 0 {
        let tag = Self.language(for: script, textLanguage: textLanguage)
        attributes.setLanguage(
          pango_language_from_string(tag), bytes: (start - base)..<(end - base))
      }
    } while pango_script_iter_next(iterator) != 0
  }
}
