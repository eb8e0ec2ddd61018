/// What a render decided, as plain values: for tests, `layout.json`, and hit testing in mockups.
public struct LayoutResult: Sendable, Hashable {
  /// Whether the text needs more than `lineLimit` lines, so the component can expand: the
  /// same in both states. (Whether an image hides text is this and the collapsed state;
  /// `layout.json` writes that as `truncated`.)
  public var exceedsLineLimit: Bool
  /// Fade: the text of the visible lines. Ellipsis: the kept prefix, without ellipsis and label.
  /// Expanded: the whole text.
  public var visibleText: String
  /// The number of lines drawn, the collapse label's own line not counted.
  public var lines: Int
  /// The image's size in points.
  public var size: Size
  /// The image's size in pixels (points × scale, rounded up).
  public var pixelSize: Size
  /// Where the "more" or collapse label is drawn, in points from the top-left; `nil` when none.
  public var label: Rect?
  /// Where the 32 pt fade mask lies, in points from the top-left; `nil` when none.
  public var fade: Rect?
  /// The Markdown links drawn, in text order, with a frame on each line they span (for hit
  /// testing in prototypes); empty for plain text.
  public var links: [VisibleLink] = []
  /// Whether the label is drawn whole where the style puts it. False in the ellipsis style when
  /// not even the ellipsis and the label alone fit in `lineLimit` lines: no text is kept, the
  /// ellipsis is dropped and the label stands alone, ellipsized by Pango if it needs more
  /// lines. False in the fade style when the label is wider than the text: Pango ellipsizes it
  /// to the width. True when no label is drawn.
  public var labelFits: Bool
  /// How many Pango layouts of the component's text this render made (labels not counted).
  public var layouts: Int
  /// Whether the paragraph the label sits in (or the first one) runs right to left.
  public var isRightToLeft: Bool
  /// Where the drawn lines are: the content width by the visible lines' height, in points
  /// from the top-left.
  public var textFrame = Rect(x: 0, y: 0, width: 0, height: 0)
  /// Each drawn line's box (Pango's logical extents: the line's advance width by its height),
  /// in points from the top-left, top to bottom; the collapse label's own line not counted.
  public var lineFrames: [Rect] = []
  /// What VoiceOver gets, in reading order (``AccessibilityElement``): the text read whole,
  /// each visible Markdown link, the label as a button.
  public var accessibilityElements: [AccessibilityElement] = []

  /// The former name of ``exceedsLineLimit``.
  @available(*, deprecated, renamed: "exceedsLineLimit", message: "true for expanded renders too")
  public var truncated: Bool { exceedsLineLimit }
}

/// A link in the drawn text: its destination and where it is, one frame per line it spans, in
/// points from the image's top-left. In the fade style, the part behind the label is left out.
public struct VisibleLink: Sendable, Hashable, Codable {
  /// The link's destination as written in the Markdown.
  public var url: String
  /// Where the link is drawn, one rectangle per line it spans.
  public var frames: [Rect]
}
