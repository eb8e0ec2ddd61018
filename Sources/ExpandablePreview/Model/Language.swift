/// The language of a text as a BCP 47 tag (`en`, `ja`, `zh-Hans`, `zh-Hant`, `ko`, `ar`): it
/// decides shaping and which forms Han characters take, as on iOS. It is an input, never the
/// process's locale.
enum LanguageTag {
  /// The language when none is given: English, as on an iOS device set to English, where Han
  /// characters take Simplified Chinese forms.
  static let defaultTag = "en"

  /// Whether `tag` is a well-formed BCP 47 tag: a 2–3 letter (or 4–8 letter) primary subtag,
  /// then subtags of 1–8 letters or digits, separated by hyphens.
  static func isWellFormed(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let primary = parts.first, (2...8).contains(primary.count),
      primary.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The tag as Pango and fontconfig know it: lowercase, with Chinese scripts as regions
  /// (`zh-Hans` → `zh-cn`, `zh-Hant` → `zh-tw`, `zh-Hant-HK` → `zh-hk`), since their language
  /// tables name regions, not scripts.
  static func pangoTag(_ tag: String) -> String {
    let lower = tag.lowercased()
    let parts = lower.split(separator: "-").map(String.init)
    guard parts.first == "zh" else { return lower }
    if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
    if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
    return "zh-cn"
  }

  /// The Noto CJK family that draws Han characters for `tag`, as iOS picks Hiragino, PingFang
  /// SC/TC/HK or Apple SD Gothic by language; Simplified Chinese for every other language.
  static func cjkFamily(_ tag: String, serif: Bool = false) -> String {
    let region: String =
      switch pangoTag(tag) {
      case let t where t == "ja" || t.hasPrefix("ja-"): "JP"
      case let t where t == "ko" || t.hasPrefix("ko-"): "KR"
      case "zh-tw": "TC"
      case "zh-hk": "HK"
      default: "SC"
      }
    return "Noto \(serif ? "Serif" : "Sans") CJK \(region)"
  }
}
