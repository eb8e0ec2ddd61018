import ExpandablePreview

/// Turns fuzzer bytes into a component and options: the first bytes choose the settings, the
/// rest is the text (decoded leniently, so invalid UTF-8 becomes replacement characters).
public struct LayoutFuzzInput {
  public let component: ExpandableText
  public let options: RenderOptions

  static let fonts: [Font] = [
    .body, .caption2, .largeTitle, .headline.weight(.bold), .custom("DejaVu Serif Italic 13"),
    .custom("Noto Color Emoji 20"), .custom("IPAGothic 9"), .body.family("No Such Family"),
  ]
  static let labels = ["more", "More", "", "…", "قراءة المزيد", "もっと見る", "👀 show everything"]

  public init(_ data: [UInt8]) {
    var bytes = data[...]
    func next() -> Int { Int(bytes.popFirst() ?? 0) }
    let width = 20 + Double(next() * 3) + Double(next()) / 256
    let lineLimit = 1 + next() % 6
    let flags = next()
    let font = Self.fonts[next() % Self.fonts.count]
    let label = Self.labels[next() % Self.labels.count]
    let directions = TextDirection.allCases
    var component = ExpandableText(text: String(decoding: bytes, as: UTF8.self))
      .font(font)
      .lineLimit(lineLimit)
      .truncationStyle(flags & 1 == 0 ? .fade : .ellipsis)
      .cutsAtWordBoundaries(flags & 2 != 0)
      .direction(directions[(flags >> 2) % directions.count])
      .expandButton(TextSet(text: label, font: flags & 16 != 0 ? .caption : nil))
      .lineSpacing(Double((flags >> 5) & 3))
    if flags & 128 != 0 {
      component = component.collapseButton(
        TextSet(text: "less"), placement: flags & 64 != 0 ? .belowText : .lastLine)
    }
    self.component = component
    options = RenderOptions(width: width, scale: 1, padding: EdgeInsets(horizontal: 4))
  }

  /// The bytes of random input `index` of `seed` (stress and the concurrency test): a
  /// SplitMix64 stream, so inputs do not depend on scheduling.
  public static func randomBytes(seed: UInt64, index: Int) -> [UInt8] {
    var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
    let settings = (0..<6).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    // Characters (whole grapheme clusters) from a mixed-script alphabet: valid, varied texts.
    let characters = Array(
      "Lorem ipsum dolor sit amet 吾輩は猫である هذا نص عربي זהו טקסט 👨‍👩‍👧‍👦🇯🇵é\n  ,.!")
    let length = Int(random.next() % 600)
    var body = ""
    for _ in 0..<length { body.append(random.pick(characters)) }
    return settings + Array(body.utf8)
  }
}
