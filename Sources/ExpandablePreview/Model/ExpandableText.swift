/// An expandable text component: text clamped to a line limit with a "more" label, and its
/// expanded state. Modifiers return a modified copy, as SwiftUI's do.
///
/// ```swift
/// let result = try ExpandableText(text: bio)
///   .lineLimit(2)
///   .truncationStyle(.ellipsis)
///   .expandButton(TextSet(text: "More"))
///   .render(RenderOptions(width: 327, scale: 2, state: .collapsed))
/// try result.image?.write(to: url)
/// ```
public struct ExpandableText: Sendable, Hashable {
  /// The text, plain or (with ``isMarkdown``) inline Markdown.
  public var text: String
  /// The text's font; ``Font/body`` by default.
  public var font: Font = .body
  /// How many lines the collapsed state shows.
  public var lineLimit: Int = 3
  /// The text's color.
  public var foregroundColor: Color = .primary
  /// The label of the collapsed state; by default the style's (``defaultExpandButton(for:)``).
  public var expandButton: TextSet {
    get { expandButtonChoice ?? Self.defaultExpandButton(for: truncationStyle) }
    set { expandButtonChoice = newValue }
  }
  /// The label of the expanded state; by default the style's (``defaultCollapseButton(for:)``),
  /// `nil` when set to none.
  public var collapseButton: TextSet? {
    get { collapseButtonChoice ?? Self.defaultCollapseButton(for: truncationStyle) }
    set { collapseButtonChoice = .some(newValue) }
  }
  /// The labels set explicitly; unset, each follows the truncation style's default, so that
  /// `.truncationStyle(.ellipsis)` alone gives the ellipsis reference's label.
  private var expandButtonChoice: TextSet? = nil
  private var collapseButtonChoice: TextSet?? = .none
  /// Where the collapse label goes in the expanded state.
  public var collapsePlacement: CollapsePlacement = .lastLine
  /// Extra space between lines, in points.
  public var lineSpacing: Double = 0
  /// How the collapsed state ends: a fade or an ellipsis.
  public var truncationStyle: TruncationStyle = .fade
  /// What goes between the kept text and the label in the ellipsis style.
  public var ellipsis: String = "... "
  /// In the ellipsis style, cut only where a word ends instead of at any grapheme.
  public var cutsAtWordBoundaries = false
  /// The base direction of the text.
  public var direction: TextDirection = .natural
  /// Whether `text` is inline Markdown (strong, emphasis, code, strikethrough, links); off by
  /// default, so `**` and `<b>` are drawn as typed.
  public var isMarkdown = false
  /// The accent color of links in Markdown, as SwiftUI's `tint`.
  public var tint: Color = .blue
  /// How the change between the states animates; `nil` (the default) changes at once.
  public var expandAnimation: ExpandAnimation? = nil

  /// A component showing the plain text `text`.
  public init(text: String) {
    self.text = text
  }

  /// A component whose text is inline Markdown, drawn as SwiftUI's `Text` draws it.
  public init(markdown: String) {
    self.text = markdown
    self.isMarkdown = true
  }

  /// A copy with ``font`` set.
  public func font(_ font: Font) -> Self { with { $0.font = font } }
  /// A copy with ``lineLimit`` set.
  public func lineLimit(_ limit: Int) -> Self { with { $0.lineLimit = limit } }
  /// A copy with ``foregroundColor`` set.
  public func foregroundColor(_ color: Color) -> Self { with { $0.foregroundColor = color } }
  /// A copy with ``expandButton`` set.
  public func expandButton(_ label: TextSet) -> Self { with { $0.expandButton = label } }
  /// A copy with ``lineSpacing`` set.
  public func lineSpacing(_ points: Double) -> Self { with { $0.lineSpacing = points } }
  /// A copy with ``truncationStyle`` set.
  public func truncationStyle(_ style: TruncationStyle) -> Self {
    with { $0.truncationStyle = style }
  }
  /// A copy with ``ellipsis`` set.
  public func ellipsis(_ ellipsis: String) -> Self { with { $0.ellipsis = ellipsis } }
  /// A copy with ``cutsAtWordBoundaries`` set.
  public func cutsAtWordBoundaries(_ enabled: Bool = true) -> Self {
    with { $0.cutsAtWordBoundaries = enabled }
  }
  /// A copy with ``direction`` set.
  public func direction(_ direction: TextDirection) -> Self { with { $0.direction = direction } }
  /// Reads the text as inline Markdown (or, with `false`, as plain text again).
  public func markdown(_ enabled: Bool = true) -> Self { with { $0.isMarkdown = enabled } }
  /// The color of Markdown links.
  public func tint(_ color: Color) -> Self { with { $0.tint = color } }

  /// The label shown in the expanded state; `nil` shows none (the fade style's default is
  /// "collapse" in callout, blue; the ellipsis style's is none).
  public func collapseButton(_ label: TextSet?, placement: CollapsePlacement = .lastLine) -> Self {
    with {
      $0.collapseButton = label
      $0.collapsePlacement = placement
    }
  }

  /// The reference's expand label for `style`. The fade reference (`ExpandableText`) declares
  /// `expandButton = TextSet(text: "more", font: .callout, color: .blue)`; the ellipsis reference
  /// (`TruncatedText`) appends "More" in the text's body size, blue.
  public static func defaultExpandButton(for style: TruncationStyle) -> TextSet {
    switch style {
    case .fade: TextSet(text: "more", font: .callout, color: .blue)
    case .ellipsis: TextSet(text: "More", font: .body, color: .blue)
    }
  }

  /// The reference's collapse label for `style`. The fade reference declares
  /// `collapseButton: TextSet? = TextSet(text: "collapse", font: .callout, color: .blue)`; the
  /// ellipsis reference has none.
  public static func defaultCollapseButton(for style: TruncationStyle) -> TextSet? {
    switch style {
    case .fade: TextSet(text: "collapse", font: .callout, color: .blue)
    case .ellipsis: nil
    }
  }

  private func with(_ change: (inout Self) -> Void) -> Self {
    var copy = self
    change(&copy)
    return copy
  }
}

/// How the collapsed text ends.
public enum TruncationStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// The first N lines; the last fades out before the label at the bottom trailing corner.
  case fade
  /// The longest prefix that fits N lines together with the ellipsis and the label.
  case ellipsis
}

/// Where the fade style puts the collapse label in the expanded state.
public enum CollapsePlacement: String, Sendable, Hashable, CaseIterable, Codable {
  /// Over the faded end of the last line, as the reference `ExpandableText` does.
  case lastLine
  /// On a line of its own under the text, so it covers no words.
  case belowText
}

/// The base direction of the text.
public enum TextDirection: String, Sendable, Hashable, CaseIterable, Codable {
  /// From the first strong character of each paragraph.
  case natural
  /// Left to right, whatever the text.
  case leftToRight
  /// Right to left, whatever the text.
  case rightToLeft
}
