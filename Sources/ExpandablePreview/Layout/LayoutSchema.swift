/// The one JSON schema of a render's layout: ``LayoutResult``'s `Codable` form. `render`
/// writes it per item (`layout.json`), `render --text --print-layout` prints the same bytes,
/// a golden's layout record keeps it beside the golden, and the workbench shows it. Each file
/// says which version it follows in `schemaVersion` (Documentation/Layout.md has the table).
public enum LayoutSchema {
  /// The version this build writes. 1 (files without `schemaVersion`): `layout.json` had
  /// no `cut` nor `isRightToLeft`, records had no `lineFrames`.
  public static let version = 2

  /// The versions this build reads: a record of version 1 is a subset of version 2.
  public static let readableVersions = 1...version

  /// What one layout decided (from the renderer's `LayoutResult`), the same keys in every
  /// file. `label` and `fade` are written as `null` when there is none; a key that an older
  /// file or a golden record does not keep is left out (`layouts`, and in version 1
  /// records `lineFrames`, maybe `textFrame` and `accessibilityElements`).
  public struct Facts: Sendable, Hashable, Codable {
    /// The number of lines drawn, the collapse label's own line not counted.
    public var lines: Int
    /// The visible text, whole: the kept prefix (ellipsis), the visible lines (fade), or the
    /// whole text (expanded).
    public var visibleText: String
    /// Where the visible text ends in the component's text, in Characters.
    public var cut: Int
    /// Whether the text needs more lines than the limit (the same in both states).
    public var exceedsLineLimit: Bool
    /// Whether the label is drawn whole where the style puts it (``LayoutResult/labelFits``).
    public var labelFits: Bool
    /// Whether the text's paragraph direction is right to left.
    public var isRightToLeft: Bool
    /// The image's size in points.
    public var size: Size
    /// The image's size in pixels.
    public var pixelSize: Size
    /// The label's frame in points; nil without a label.
    public var label: Rect?
    /// The fade mask's frame in points; nil without a fade.
    public var fade: Rect?
    /// The links the visible text shows, with their frames.
    public var links: [VisibleLink]
    /// Where the drawn lines are (nil in records written before it was kept).
    public var textFrame: Rect?
    /// Each drawn line's box, top to bottom (nil in version 1 records).
    public var lineFrames: [Rect]?
    /// What VoiceOver reads, in order (nil in records written before it was kept).
    public var accessibilityElements: [AccessibilityElement]?
    /// How many Pango layouts the render made: work, not what is seen, so `layout.json`
    /// keeps it and a golden record does not (nil there), lest a faster search change
    /// committed records.
    public var layouts: Int?

    /// The facts of one layout, with the count of Pango layouts it took.
    public init(_ layout: LayoutResult) {
      lines = layout.lines
      visibleText = layout.visibleText
      cut = layout.visibleText.count
      exceedsLineLimit = layout.exceedsLineLimit
      labelFits = layout.labelFits
      isRightToLeft = layout.isRightToLeft
      size = layout.size
      pixelSize = layout.pixelSize
      label = layout.label
      fade = layout.fade
      links = layout.links
      textFrame = layout.textFrame
      lineFrames = layout.lineFrames
      accessibilityElements = layout.accessibilityElements
      layouts = layout.layouts
    }

    /// These facts without the count of Pango layouts: what a golden record keeps.
    public var withoutWork: Facts {
      var facts = self
      facts.layouts = nil
      return facts
    }

    /// Whether this render hides part of the text: the visible text is shorter than the text
    /// VoiceOver reads whole (the rendered text, Markdown markup removed). Facts without
    /// VoiceOver's elements (an old record) say only whether the text needs more lines than
    /// the limit.
    public var isCut: Bool {
      guard let whole = accessibilityElements?.first(where: { $0.traits == [.staticText] })
      else { return exceedsLineLimit }
      return cut < whole.label.count
    }

    enum CodingKeys: String, CodingKey {
      case lines, visibleText, cut, exceedsLineLimit, labelFits, isRightToLeft, size, pixelSize
      case label, fade, links, textFrame, lineFrames, accessibilityElements, layouts
    }

    /// Written into `encoder`'s keyed container, so a `layout.json` entry can add its own
    /// keys (file, state, variant) beside them.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(lines, forKey: .lines)
      try container.encode(visibleText, forKey: .visibleText)
      try container.encode(cut, forKey: .cut)
      try container.encode(exceedsLineLimit, forKey: .exceedsLineLimit)
      try container.encode(labelFits, forKey: .labelFits)
      try container.encode(isRightToLeft, forKey: .isRightToLeft)
      try container.encode(size, forKey: .size)
      try container.encode(pixelSize, forKey: .pixelSize)
      // Always there, `null` when none: "no label" is a fact, not a key left out.
      try container.encode(label, forKey: .label)
      try container.encode(fade, forKey: .fade)
      try container.encode(links, forKey: .links)
      try container.encodeIfPresent(textFrame, forKey: .textFrame)
      try container.encodeIfPresent(lineFrames, forKey: .lineFrames)
      try container.encodeIfPresent(accessibilityElements, forKey: .accessibilityElements)
      try container.encodeIfPresent(layouts, forKey: .layouts)
    }
  }
}
