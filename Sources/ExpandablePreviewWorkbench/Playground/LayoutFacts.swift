import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

/// One row of the facts the playground shows under a state's image: a name, its value, and
/// whether it warns of something wrong with the render.
struct LayoutFact: Sendable, Hashable, Encodable {
  var name: String
  var value: String
  /// The render hides text it should show (the label or the fade over the expanded text).
  var warning = false

  init(_ name: String, _ value: String, warning: Bool = false) {
    self.name = name
    self.value = value
    self.warning = warning
  }
}

/// The facts of one render in words, made from the layout schema's value
/// (`LayoutSchema/Facts`, what layout.json holds), counted as a reader counts: characters are grapheme
/// clusters of the rendered text (Markdown markup removed), so "👩‍👩‍👧" is one and a cut never
/// splits it; label rows only when a label is drawn; and a warning when a label or fade lies
/// over text that the state shows whole.
enum LayoutFacts {
  /// The visible text is shown up to this many characters, then "…".
  static let shownCharacters = 160
  /// Overlaps smaller than this (points, each way) are anti-aliasing and side bearings.
  static let overlapTolerance = 1.0

  /// The facts of `layout`'s part when its kind shows some (``ShownLayout``), then the fonts
  /// used: a kind without facts of its own shows the fonts alone.
  static func of(_ layout: FileLayout, state: OutputState, fonts: [String])
    -> [LayoutFact]
  {
    let fontsUsed = LayoutFact("fonts used", fonts.isEmpty ? "none" : fonts.joined(separator: ", "))
    return ((layout.part as? any ShownLayout)?.facts(state: state) ?? []) + [fontsUsed]
  }

  static func of(_ layout: LayoutSchema.Facts, state: OutputState) -> [LayoutFact] {
    let visible = layout.visibleText
    let whole = renderedText(layout)
    let hides = layout.exceedsLineLimit && state == .collapsed
    var facts = [
      LayoutFact("lines", "\(layout.lines)"),
      LayoutFact("truncated", hides ? "yes" : "no"),
    ]
    if hides {
      let of = whole.map { " of \($0.count)" } ?? ""
      facts.append(LayoutFact("cut", "after \(visible.count)\(of) characters"))
    } else {
      facts.append(LayoutFact("cut", "none"))
    }
    facts.append(LayoutFact("visible text", shortened(visible)))
    facts.append(
      LayoutFact(
        "size",
        "\(points(layout.size)) (\(number(layout.pixelSize.width)) × "
          + "\(number(layout.pixelSize.height)) px)"))
    if let label = layout.label {
      facts.append(LayoutFact("label frame", frame(label)))
      facts.append(LayoutFact("label fits", layout.labelFits ? "yes" : "no"))
    }
    if let fade = layout.fade { facts.append(LayoutFact("fade frame", frame(fade))) }
    if !hides, let covered = covered(layout) { facts.append(covered) }
    return facts
  }

  /// The text as rendered and read whole (VoiceOver's text element): Markdown without its
  /// markup; nil when the render has none.
  static func renderedText(_ layout: LayoutSchema.Facts) -> String? {
    layout.accessibilityElements?.first { $0.traits == [.staticText] }?.label
  }

  /// `text` up to ``shownCharacters`` whole characters, then "…".
  static func shortened(_ text: String) -> String {
    text.count > shownCharacters ? String(text.prefix(shownCharacters)) + "…" : text
  }

  /// A warning when the label or the fade lies over a drawn line in a render meant to show all
  /// of its text (expanded, or a text that fits): "the label covers text on line 7". Only
  /// where they are drawn over the text (a fade is): an ellipsis-style label is laid out in the
  /// text after its last word, or on a line of its own, and covers nothing.
  static func covered(_ layout: LayoutSchema.Facts) -> LayoutFact? {
    guard layout.fade != nil, let lineFrames = layout.lineFrames else { return nil }
    var words: [String] = []
    for (name, rect) in [("label", layout.label), ("fade", layout.fade)] {
      guard let rect else { continue }
      let lines = lineFrames.indices.filter { overlaps(rect, lineFrames[$0]) }
      guard let first = lines.first, let last = lines.last else { continue }
      let which = first == last ? "line \(first + 1)" : "lines \(first + 1)–\(last + 1)"
      words.append("the \(name) covers text on \(which)")
    }
    guard !words.isEmpty else { return nil }
    return LayoutFact("covered text", words.joined(separator: "; "), warning: true)
  }

  static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return width > overlapTolerance && height > overlapTolerance
  }

  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  static func points(_ size: Size) -> String {
    "\(number(size.width)) × \(number(size.height)) pt"
  }

  static func frame(_ rect: Rect) -> String {
    "x \(number(rect.x)), y \(number(rect.y)), \(number(rect.width)) × \(number(rect.height)) pt"
  }
}

/// A kind's part of `layout.json` that the playground puts in words.
protocol ShownLayout {
  func facts(state: OutputState) -> [LayoutFact]
}

extension LayoutResult: ShownLayout {
  func facts(state: OutputState) -> [LayoutFact] {
    LayoutFacts.of(LayoutSchema.Facts(self), state: state)
  }
}

extension AnimationLayout: ShownLayout {
  func facts(state: OutputState) -> [LayoutFact] {
    let heights = frames.map(\.height)
    let moves =
      (heights.first.map(LayoutFacts.number) ?? "") + " → "
      + (heights.last.map(LayoutFacts.number) ?? "")
    return [
      LayoutFact("frames", "\(frames.count)"),
      // The APNG keeps one canvas; the player shows each frame at the component's height.
      LayoutFact(
        "canvas",
        "\(LayoutFacts.points(size)) for every frame of the APNG (the taller state's): the "
          + "component drawn from the top at its height (\(moves) pt), the background below"),
    ]
  }
}
