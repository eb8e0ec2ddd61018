import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing

/// Seeded random truncation cases: texts mixing Latin with long words, URLs, Arabic, Hebrew,
/// Japanese, Chinese, Thai, emoji ZWJ sequences, combining marks, newlines and tabs, at widths
/// of 40–375 pt and line limits of 1–5, with label fonts that differ from the text's and the
/// ellipses people use. Case `i` depends only on the seed and `i`.
enum TruncationCases {
  static let seed: UInt64 = 10

  static func component(_ index: Int, style: TruncationStyle, seed: UInt64 = seed)
    -> (ExpandableText, RenderOptions)
  {
    var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(index))
    let pools = (0..<random.int(in: 1...3)).map { _ in random.pick(scripts) }
    var text = ""
    for token in 0..<random.int(in: 2...45) {
      if token > 0 { text += separator(&random) }
      text += random.pick(random.pick(pools))
    }
    let label = random.pick(labels)
    let labelFont: Font? = random.int(in: 0...2) == 0 ? nil : random.pick(labelFonts)
    var component = ExpandableText(text: text)
      .font(random.pick(textFonts))
      .lineLimit(random.int(in: 1...5))
      .truncationStyle(style)
      .ellipsis(random.pick(ellipses))
      .expandButton(TextSet(text: label, font: labelFont))
      .cutsAtWordBoundaries(random.int(in: 0...4) == 0)
      .lineSpacing(random.int(in: 0...3) == 0 ? 2 : 0)
    switch random.int(in: 0...7) {
    case 0: component = component.direction(.rightToLeft)
    case 1: component = component.direction(.leftToRight)
    default: break
    }
    let options = RenderOptions(
      width: 40 + (335 * random.unit() * 64).rounded() / 64, scale: random.int(in: 1...2),
      padding: random.int(in: 0...3) == 0 ? EdgeInsets(horizontal: 4) : .zero,
      background: Color(Color.RGBA(red: 1, green: 1, blue: 1)))
    return (component, options)
  }

  private static func separator(_ random: inout SplitMix64) -> String {
    switch random.int(in: 0...39) {
    case 0...2: "\n"
    case 3...4: "\t"
    case 5...7: ""
    case 8: "  "
    case 9: "\n\n"
    default: " "
    }
  }

  static let scripts: [[String]] = [
    [
      "Being", "a", "developer", "extraordinaire", "top", "ipsum", "WWWWW", "them", "iOS",
      "internationalization", "Pneumonoultramicroscopicsilicovolcanoconiosis", "mastering",
      "Swift,", "SwiftUI", "and", "Xcode.", "it’s", "naïve", "café", "(parenthesized)", "1%",
      "well-known", "AVeryLongIdentifierWithoutSpaces", "of", "the",
    ],
    [
      "https://example.com/a/very/long/path/to/a/resource?query=value&other=1",
      "www.swift.org/documentation", "mailto:someone@example.org",
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "see", "at",
    ],
    [
      "هذا", "نص", "عربي", "طويل", "بما", "يكفي", "ليلتف", "على", "عدة", "أسطر", "في", "المكون",
      "اليسار", "عرض", "2024", "قراءة", "المزيد", "للتوسيع", "الأخير",
    ],
    ["זהו", "טקסט", "עברי", "ארוך", "מספיק", "כדי", "להתפרס", "על", "פני", "כמה", "שורות", "2024"],
    ["吾輩は猫である。", "名前はまだ無い。", "で生れ", "どこで生れたかとんと見当がつかぬ。", "ニャーニャー", "東京の", "テキスト"],
    ["我们", "今天", "学习", "中文", "排版", "测试", "自动换行。", "这是一个很长的句子，", "没有空格"],
    ["น้ำ", "ทำ", "กำลัง", "ภาษาไทย", "สวัสดี", "ขอบคุณ", "คำ", "จำนำ", "ทำงานหนัก", "น้ำใจ"],
    [
      "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "🇯🇵", "👍🏽", "❤️", "🧑‍🤝‍🧑", "✨", "emoji",
      "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦",
    ],
    [
      "e\u{301}te\u{301}", "a\u{308}\u{323}", "n\u{303}o", "Z\u{335}\u{30D}a\u{300}\u{301}",
      "ka\u{301}",
    ],
    // Mixed directions inside one token as well as between tokens.
    ["Swift", "سويفت", "iOS 17", "עברית", "(2024)", "abc—עב", "123", "«quote»"],
  ]
  static let textFonts: [Font] = [
    .custom("DejaVu Sans 17"), .custom("DejaVu Serif 16"), .custom("DejaVu Sans 11"),
    .custom("Liberation Sans 16"), .custom("Liberation Serif 15"), .custom("IPAGothic 14"),
    .custom("DejaVu Sans Mono 13"), .custom("DejaVu Sans Bold 20"),
  ]
  static let labelFonts: [Font] = [
    .custom("DejaVu Sans 22"), .custom("Liberation Serif Italic 18"),
    .custom("DejaVu Sans Bold 12"), .custom("IPAGothic 10"), .custom("DejaVu Serif 9"),
    .custom("Liberation Sans 28"),
  ]
  static let labels = [
    "More", "more", "Read more", "もっと見る", "قراءة المزيد", "…", "👀 show everything",
    "Mehr anzeigen",
  ]
  static let ellipses = ["... ", "…", " — ", "⋯ "]
}
