import ExpandablePreview
import ExpandablePreviewEngine

/// The texts on the edges of a design: for the playground's settings, the longest text that
/// still fits the line limit and one grapheme more (found by laying out prefixes, not guessed),
/// and the texts that stress a layout (one unbreakable word, a URL, right to left, CJK, emoji
/// sequences, many short lines), each repeated until it passes the line limit, so every script
/// shows its cut (a wide device or a high line limit would show them whole). Each is rendered
/// with the same settings as the playground.
enum EdgeTexts {
  /// One edge case: a title, its text, its rendered states.
  struct Case: Sendable {
    var title: String
    var text: String
    var images: [PreviewImage]
  }

  /// The fixed texts that stress a layout, with what joins a text to itself when it is repeated
  /// to pass the line limit (nothing for the one word and the URL, which stay unbroken; a zero
  /// width space between the CJK sentences, which have no spaces).
  static let stressTexts: [(title: String, text: String, joiner: String)] = [
    (
      "One unbreakable word",
      "Pneumonoultramicroscopicsilicovolcanoconiosis"
        + "Supercalifragilisticexpialidocious", ""
    ),
    (
      "A URL",
      "https://example.com/people/a-very-long-profile-name/posts/2026/12/01?ref=share&utm=x", ""
    ),
    (
      "Right to left",
      "שלום עולם! זהו טקסט ארוך בעברית שנחתך אחרי כמה שורות כדי לבדוק את התצוגה. "
        + "הוא ממשיך עוד ועוד, כמו ביוגרפיה ארוכה מדי, עד שהתווית מופיעה בסוף.", " "
    ),
    (
      "Arabic",
      "مرحبا بالعالم، هذا نص عربي طويل يقطع بعد بضعة أسطر لاختبار العرض والتخطيط. "
        + "ويستمر النص أكثر فأكثر مثل سيرة ذاتية طويلة حتى تظهر التسمية في النهاية.", " "
    ),
    ("CJK", "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた事だけは記憶している。", "\u{200B}"),
    ("Emoji sequences", "Family 👩‍👩‍👧‍👦 flags 🏳️‍🌈🇯🇵 skin tones 👍🏽👋🏿 keycaps 1️⃣2️⃣ and more 🧑🏻‍💻🧑🏾‍🚀✨", " "),
    ("Many short lines", "One\nTwo\nThree\nFour\nFive\nSix\nSeven", "\n"),
  ]

  /// The longest text the search lays out, in graphemes.
  static let maxSearchGraphemes = 20_000
  /// How many lengths the scan down from the search's answer tries at most.
  static let maxScanSteps = 256

  /// The edge cases of `text` with `flags`, rendered with `renderer`; `isCancelled` is asked
  /// between layouts and renders (the page went away).
  ///
  /// - Throws: the flags' problem, as ``ItemPreview/init(text:flags:)``, or "cancelled".
  static func cases(
    text: String, flags: [(name: String, value: String)], with renderer: Renderer,
    isCancelled: () -> Bool = { false }
  ) throws(PreviewProblem) -> [Case] {
    let preview = try ItemPreview(text: text, flags: flags)
    var cases: [Case] = []
    if let fits = try longestFittingPrefix(
      of: text, preview: preview, renderer: renderer, isCancelled: isCancelled)
    {
      let graphemes = Array(fits.source)
      let longest = String(graphemes.prefix(fits.count))
      cases.append(
        Case(
          title: "Longest text that fits (\(fits.count) characters)", text: longest,
          images: try ItemPreview(text: longest, flags: flags).render(with: renderer)))
      if fits.count < graphemes.count {
        let more = String(graphemes.prefix(fits.count + 1))
        cases.append(
          Case(
            title: "One character more: truncated", text: more,
            images: try ItemPreview(text: more, flags: flags).render(with: renderer)))
      }
    }
    let probe = Probe(preview: preview, renderer: renderer)
    for (title, stress, joiner) in stressTexts {
      let (shown, isCut) = try probe.repeated(stress, joinedBy: joiner, isCancelled: isCancelled)
      cases.append(
        Case(
          title: isCut
            ? title : "\(title) (not cut: it needs more than \(most(joiner)) characters)",
          text: shown, images: try ItemPreview(text: shown, flags: flags).render(with: renderer)))
    }
    return cases
  }

  /// The text the search cuts (the playground's text, repeated until it no longer fits) and
  /// the most graphemes of it that fit the line limit collapsed without a label; nil when no
  /// length tried exceeds it (a huge line limit) or nothing fits at all.
  /// The lengths laid out grow by doubling and are then bisected: a few dozen layouts (growing
  /// by one copy of the text at a time laid out ~10,000 texts for a one-letter text at line
  /// limit 1000, minutes of work).
  static func longestFittingPrefix(
    of text: String, preview: ItemPreview, renderer: Renderer, isCancelled: () -> Bool = { false }
  ) throws(PreviewProblem) -> (source: String, count: Int)? {
    let probe = Probe(preview: preview, renderer: renderer)
    func exceeds(_ candidate: String) throws(PreviewProblem) -> Bool {
      if isCancelled() { throw PreviewProblem("cancelled") }
      return try probe.exceeds(candidate)
    }
    let seed = text.isEmpty ? "The quick brown fox jumps over the lazy dog." : text
    var source = seed
    while try !exceeds(source) {
      guard source.count < maxSearchGraphemes else { return nil }
      source = String((source + " " + source).prefix(maxSearchGraphemes))
    }
    let graphemes = Array(source)
    // Binary search for the last length that fits, then a scan down from there: wrapping can
    // make "fits" non-monotone near the edge, and the answer must be a length that fits with
    // the next one not fitting.
    var low = 0
    var high = graphemes.count
    while low + 1 < high {
      let middle = (low + high) / 2
      if try exceeds(String(graphemes.prefix(middle))) { high = middle } else { low = middle }
    }
    let lowest = max(0, low - maxScanSteps)
    while low > lowest, try exceeds(String(graphemes.prefix(low))) { low -= 1 }
    if low == lowest, low > 0, try exceeds(String(graphemes.prefix(low))) { return nil }
    return low == 0 ? nil : (source, low)
  }

  /// The longest a stress text is repeated to: one run without a break opportunity (`joiner`
  /// empty) stops at the most a render lays out.
  static func most(_ joiner: String) -> Int {
    joiner.isEmpty ? RenderLimits.maxUnbreakableCharacters : maxSearchGraphemes
  }

  /// Lays out texts collapsed with the playground's settings: does a text pass the line limit?
  struct Probe {
    var preview: ItemPreview
    var renderer: Renderer

    func exceeds(_ candidate: String) throws(PreviewProblem) -> Bool {
      var component = preview.component
      var options = preview.options
      options.state = .collapsed
      component.text = candidate
      do throws(RenderError) {
        return try renderer.layout(of: component, options: options).exceedsLineLimit
      } catch {
        throw PreviewProblem(error.description)
      }
    }

    /// `text`, doubled (joined by `joiner`) until it passes the line limit, and whether it
    /// does. Past ``maxSearchGraphemes`` graphemes, or, joined by nothing (one run without a line
    /// break opportunity), past the most such characters a render lays out, it cannot be cut:
    /// then `text` itself comes back, not the long text (whose renders would cost seconds to
    /// show nothing cut). `isCancelled` is asked before each layout.
    func repeated(_ text: String, joinedBy joiner: String, isCancelled: () -> Bool)
      throws(PreviewProblem) -> (text: String, isCut: Bool)
    {
      let most = EdgeTexts.most(joiner)
      var shown = text
      while true {
        if isCancelled() { throw PreviewProblem("cancelled") }
        if try exceeds(shown) { return (shown, true) }
        if shown.count >= most { return (text, false) }
        shown = String((shown + joiner + shown).prefix(most))
      }
    }
  }
}
