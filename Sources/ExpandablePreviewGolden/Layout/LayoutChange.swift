import ExpandablePreview
import ExpandablePreviewSupport

/// One fact of a golden's layout that changed between its record and a new render, as
/// ``LayoutRecord/changes(to:)`` finds it; ``description`` is its one wording.
public indirect enum LayoutChange: Sendable, Hashable, CustomStringConvertible {
  /// Where the visible text ends moved (Characters), with each visible text's end; both
  /// renders cut the text.
  case cut(from: Int, to: Int, before: String, after: String)
  /// The record shows the whole text, the new render cuts it at `at` (Characters).
  case cutStarted(at: Int, before: String, after: String)
  /// The record cut the text at `from` (Characters), the new render shows all of it.
  case cutEnded(from: Int, before: String, after: String)
  /// The visible text changed with its end in the same place.
  case visibleText(before: String, after: String)
  /// The number of lines.
  case lines(Int, Int)
  /// The component's height in points.
  case height(Double, Double)
  /// The component's width in points.
  case width(Double, Double)
  /// The image's size in pixels.
  case pixelSize(Size, Size)
  /// Whether the text needs more lines than the limit.
  case exceedsLineLimit(Bool, Bool)
  /// Whether the label fits beside the text (ellipsis) or on the last line (fade).
  case labelFits(Bool, Bool)
  /// The text's direction; the value is the new one.
  case direction(rightToLeft: Bool)
  /// The "more" or collapse label's frame (nil: no label).
  case label(Rect?, Rect?)
  /// The fade mask's frame (nil: no fade).
  case fade(Rect?, Rect?)
  /// The number of visible links.
  case links(Int, Int)
  /// Where the drawn lines are.
  case textFrame(Rect?, Rect?)
  /// What VoiceOver reads (its elements, their order or frames); nil: not in the record.
  case accessibility([AccessibilityElement]?, [AccessibilityElement]?)
  /// Where the visible links are.
  case linkFrames
  /// Where the drawn lines' boxes are (compared when both records keep them).
  case lineFrames
  /// Font files that drew the golden and not the image, files that drew the image and not the
  /// golden, and files in both whose bytes differ.
  case fonts(removed: [String], added: [String], changed: [String])
  /// An animation's number of frames.
  case frameCount(Int, Int)
  /// An animation frame's height (frame index from 0).
  case frameHeight(Int, Double, Double)
  /// One end of an animation appeared or went (the record is of another kind of render).
  case kind(before: String, after: String)
  /// A change at one end of an animation ("collapsed", "expanded").
  case state(String, LayoutChange)

  /// The change in words, the one wording every report and message shows.
  public var description: String {
    switch self {
    case .cut(let from, let to, let before, let after):
      "cut moved from character \(from) to \(to): \(Self.contrasted(before, after))"
    case .cutStarted(let at, let before, let after):
      "now cut at character \(at) (was whole): \(Self.contrasted(before, after))"
    case .cutEnded(let from, let before, let after):
      "no longer cut (was cut at character \(from)): \(Self.contrasted(before, after))"
    case .visibleText(let before, let after):
      "visible text changed: \(Self.marked(before, against: after)) → \(Self.marked(after, against: before))"
    case .lines(let before, let after): "lines \(before) → \(after)"
    case .height(let before, let after): "height \(Self.points(before)) → \(Self.points(after)) pt"
    case .width(let before, let after): "width \(Self.points(before)) → \(Self.points(after)) pt"
    case .pixelSize(let before, let after):
      "pixel size \(Self.points(before.width))×\(Self.points(before.height)) → "
        + "\(Self.points(after.width))×\(Self.points(after.height))"
    case .exceedsLineLimit(_, let after):
      after ? "the text now needs more lines than the limit" : "the text now fits the line limit"
    case .labelFits(_, let after):
      after ? "the label now fits" : "the label no longer fits (it stands alone or is ellipsized)"
    case .direction(let rightToLeft):
      rightToLeft ? "the text now runs right to left" : "the text now runs left to right"
    case .label(let before, let after): Self.frameChange("label", before, after)
    case .fade(let before, let after): Self.frameChange("fade", before, after)
    case .links(let before, let after): "links \(before) → \(after)"
    case .textFrame(let before, let after): Self.frameChange("text frame", before, after)
    case .accessibility(let before, let after): Self.accessibilityChange(before, after)
    case .linkFrames: "a link's frames moved"
    case .lineFrames: "a line's box moved"
    case .fonts(let removed, let added, let changed):
      "font files changed: "
        + (changed.map { "\($0) (other bytes)" } + removed.map { "−\($0)" }
        + added.map { "+\($0)" }).joined(separator: ", ")
    case .frameCount(let before, let after): "frames \(before) → \(after)"
    case .frameHeight(let index, let before, let after):
      "frame \(index) height \(Self.points(before)) → \(Self.points(after)) pt"
    case .kind(let before, let after): "the record is of \(before), the image of \(after)"
    case .state(let name, let change): "\(name): \(change.description)"
    }
  }

  /// Points with at most two decimals: 94, 20.5, 17.25.
  static func points(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    // Beyond 2^53 (or not finite) no whole number is exact, nor convertible to Int.
    guard abs(rounded) < 0x1p53 else { return String(value) }
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// "`…about having`": the last 24 Characters of a visible text, or "(nothing)".
  static func quoted(tail text: String) -> String {
    guard !text.isEmpty else { return "(nothing)" }
    let tail = text.count > 24 ? "…" + String(text.suffix(24)) : String(text)
    return "“\(tail.replacingOccurrences(of: "\n", with: "⏎"))”"
  }

  /// The two visible texts' ends; when those read the same (an edit before the end, say in an
  /// expanded text), the two texts around where they differ, so the two sides never look alike.
  static func contrasted(_ before: String, _ after: String) -> String {
    let tails = (quoted(tail: before), quoted(tail: after))
    if tails.0 != tails.1 { return "\(tails.0) → \(tails.1)" }
    return "\(marked(before, against: after)) → \(marked(after, against: before))"
  }

  /// `text` around where it first differs from `other`, the differing part in [brackets]:
  /// "“…the [quick] brown…”".
  static func marked(_ text: String, against other: String) -> String {
    let parts = TextDifference(text, other)
    let before = TextCut.tail(parts.prefix, keeping: 12)
    let after = TextCut.start(parts.suffix, keeping: 12)
    // The part that differs may be a whole committed text: cut too.
    let middle = TextCut.head(parts.middle, keeping: maxQuoted)
    return "“\(before)[\(middle)]\(after)”".replacingOccurrences(of: "\n", with: "⏎")
  }

  /// The most Characters of a differing part a message quotes.
  static let maxQuoted = 200

  static func frameChange(_ name: String, _ before: Rect?, _ after: Rect?) -> String {
    switch (before, after) {
    case (nil, nil): return "\(name) unchanged"
    case (nil, let after?): return "\(name) appeared at \(frame(after))"
    case (let before?, nil): return "\(name) gone (was at \(frame(before)))"
    case (let before?, let after?):
      var parts: [String] = []
      if before.x != after.x || before.y != after.y {
        parts.append(
          "moved from (\(points(before.x)), \(points(before.y))) to (\(points(after.x)), \(points(after.y)))"
        )
      }
      if before.width != after.width || before.height != after.height {
        parts.append(
          "resized from \(points(before.width))×\(points(before.height)) to "
            + "\(points(after.width))×\(points(after.height)) pt")
      }
      return "\(name) " + parts.joined(separator: " and ")
    }
  }

  private static func frame(_ rect: Rect) -> String {
    "(\(points(rect.x)), \(points(rect.y))) \(points(rect.width))×\(points(rect.height)) pt"
  }
}

/// Two texts as their common beginning, the differing middle of the first, and their common
/// end (by Characters): report.html's and the review page's readable text diff.
public struct TextDifference: Sendable, Hashable {
  /// The beginning both texts share.
  public let prefix: String
  /// What `text` has between the shared beginning and end (empty when only `other` adds).
  public let middle: String
  /// The end both texts share.
  public let suffix: String

  /// The difference of `text` against `other`.
  public init(_ text: String, _ other: String) {
    let a = Array(text)
    let b = Array(other)
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    var end = 0
    while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end]
    {
      end += 1
    }
    prefix = String(a[..<start])
    middle = String(a[start..<(a.count - end)])
    suffix = String(a[(a.count - end)...])
  }
}
