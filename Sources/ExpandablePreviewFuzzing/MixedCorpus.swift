/// The benchmark's corpus: mixed-script texts (Latin, Japanese, Arabic, emoji, explicit newlines)
/// of 50 to 4,800 characters, the same on every run and machine. Text `i` depends only on the
/// seed and `i`, so a shorter corpus is a prefix of a longer one.
@_spi(Benchmark) public enum MixedCorpus {
  public static let defaultSeed: UInt64 = 2024
  public static let shortest = 50
  public static let longest = 4_800

  /// What text `index` is made of, in turn.
  enum Kind: CaseIterable {
    case latin, japanese, arabic, latinWithEmoji, mixedParagraphs
  }

  public static func texts(count: Int, seed: UInt64 = defaultSeed) -> [String] {
    (0..<count).map { text(at: $0, seed: seed) }
  }

  /// Text `index`: the first and second are the shortest and longest, the rest lie between,
  /// weighted towards shorter ones as real texts are.
  static func text(at index: Int, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    let length: Int
    switch index {
    case 0: length = shortest
    case 1: length = longest
    default:
      let unit = random.unit()
      length = shortest + Int(Double(longest - shortest) * unit * unit * unit)
    }
    let kind = Kind.allCases[index % Kind.allCases.count]
    var text = ""
    var characters = 0
    while characters < length {
      let sentence = Self.sentence(kind, &random)
      let separator = Self.separator(kind, &random)
      text += sentence + separator
      characters += sentence.count + separator.count
    }
    return String(text.prefix(length))
  }

  private static func sentence(_ kind: Kind, _ random: inout SplitMix64) -> String {
    switch kind {
    case .latin: return latinSentence(&random, emoji: false)
    case .latinWithEmoji: return latinSentence(&random, emoji: true)
    case .japanese:
      return (0..<random.int(in: 2...5)).map { _ in random.pick(japanese) }.joined()
    case .arabic:
      return (0..<random.int(in: 4...14)).map { _ in random.pick(arabic) }.joined(separator: " ")
        + "."
    case .mixedParagraphs:
      let kinds: [Kind] = [.latin, .japanese, .arabic, .latinWithEmoji]
      return sentence(random.pick(kinds), &random)
    }
  }

  private static func latinSentence(_ random: inout SplitMix64, emoji: Bool) -> String {
    var words = (0..<random.int(in: 4...14)).map { _ in
      let word = random.pick(latin)
      return emoji && random.int(in: 0...4) == 0 ? word + " " + random.pick(emojis) : word
    }
    words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
    return words.joined(separator: " ") + "."
  }

  /// A space mostly; a newline or an empty line now and then, often in the mixed texts.
  private static func separator(_ kind: Kind, _ random: inout SplitMix64) -> String {
    let roll = random.int(in: 0...15)
    let often = kind == .mixedParagraphs
    if roll == 0 || (often && roll < 4) { return "\n\n" }
    if roll == 1 || (often && roll < 8) { return "\n" }
    return kind == .japanese ? "" : " "
  }

  static let latin = [
    "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
    "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "swift",
    "layout", "render", "preview", "design", "text", "component", "expand", "collapse", "pixel",
    "golden", "width", "font", "line", "limit", "fade", "label", "quick", "brown", "fox", "jumps",
    "over", "the", "lazy", "dog", "naïve", "café", "straße", "façade",
  ]
  static let japanese = [
    "吾輩は猫である。", "名前はまだ無い。", "どこで生れたかとんと見当がつかぬ。", "何でも薄暗いじめじめした所で",
    "ニャーニャー泣いていた事だけは記憶している。", "吾輩はここで始めて人間というものを見た。", "東京の", "テキストを",
    "表示して", "日本語の文章を", "折り返して", "確認します。",
  ]
  static let arabic = [
    "هذا", "نص", "عربي", "طويل", "بما", "يكفي", "ليلتف", "على", "عدة", "أسطر", "في", "المكون",
    "القابل", "للتوسيع", "حتى", "نرى", "أين", "يظهر", "الزر", "وكيف", "يتلاشى", "السطر", "الأخير",
  ]
  static let emojis = ["😀", "🎉", "👍🏽", "❤️", "🚀", "🇯🇵", "👩‍💻", "🌍", "✨", "🐱"]
}

/// SplitMix64 (Steele, Lea and Flood): a tiny, well-mixed generator whose output is fixed by
/// its seed, unlike the system generator. Also drives the `stress` command's random inputs.
@_spi(Benchmark) public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<1`.
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  public mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }
}
