import Foundation

/// The order in which the pinned set falls back from the family asked for: San Francisco's
/// stand-in for the size, then one Noto family per script (Arabic, Hebrew, Thai, Devanagari; the
/// UI cuts where Noto has them, whose line heights suit an interface as iOS's system font does —
/// Noto Sans Arabic's own made Arabic lines 36 pt tall at 17 pt, against 21 pt for Latin), the CJK
/// family of the text's language, color emoji, and DejaVu Sans for the symbols the others
/// lack. Spelled out because a private configuration has no fontconfig rules, so otherwise
/// ties between equally good fonts would decide, and all Noto CJK faces cover the same text.
enum FontFallback {
  static func families(language: String) -> [String] {
    [
      "Noto Sans Arabic UI", "Noto Sans Hebrew", "Noto Sans Thai UI",
      "Noto Sans Devanagari UI", LanguageTag.cjkFamily(language), "Noto Color Emoji",
      "DejaVu Sans",
    ]
  }

  /// `requested` (one family or a comma-separated list) followed by the fallback families it
  /// does not already name, as one Pango family list.
  static func familyList(_ requested: String, then fallback: [String]) -> String {
    let asked = requested.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var seen = Set(asked.map { $0.lowercased() })
    var list = asked
    for family in fallback where seen.insert(family.lowercased()).inserted {
      list.append(family)
    }
    return list.joined(separator: ",")
  }
}
