/// An expandable text component: text clamped to a line limit with a "more" label, and its
/// expanded state. Modifiers return a modified copy, as SwiftUI's do.
///
/// ```swift
/// let result = try ExpandableText(text: bio)
///   .lineLimit(2)
///   .truncationStyle(.ellipsis)
///   .expandButton(TextSet(text: "More"))
///   .render(RenderOptions(width: 327, scale: 2, state: .collapsed))
/// try result.image.write(to: url)
/// ```
public struct ExpandableText: Sendable, Hashable {
  public var text: String
  public var font: Font = .body
  public var lineLimit: Int = 3
  public var foregroundColor: Color = .primary
  public var expandButton = TextSet(text: "more", font: .body, color: .blue)
  public var collapseButton: TextSet? = nil
  public var collapsePlacement: CollapsePlacement = .lastLine
  public var lineSpacing: Double = 0
  public var truncationStyle: TruncationStyle = .fade
  /// What goes between the kept text and the label in the ellipsis style.
  public var ellipsis: String = "... "
  /// In the ellipsis style, cut only where a word ends instead of at any grapheme.
  public var cutsAtWordBoundaries = false
  public var direction: TextDirection = .natural
  /// How the change between the states animates; `nil` (the default) changes at once.
  public var expandAnimation: ExpandAnimation? = nil

  public init(text: String) {
    self.text = text
  }

  public func font(_ font: Font) -> Self { with { $0.font = font } }
  public func lineLimit(_ limit: Int) -> Self { with { $0.lineLimit = limit } }
  public func foregroundColor(_ color: Color) -> Self { with { $0.foregroundColor = color } }
  public func expandButton(_ label: TextSet) -> Self { with { $0.expandButton = label } }
  public func lineSpacing(_ points: Double) -> Self { with { $0.lineSpacing = points } }
  public func truncationStyle(_ style: TruncationStyle) -> Self {
    with { $0.truncationStyle = style }
  }
  public func ellipsis(_ ellipsis: String) -> Self { with { $0.ellipsis = ellipsis } }
  public func cutsAtWordBoundaries(_ enabled: Bool = true) -> Self {
    with { $0.cutsAtWordBoundaries = enabled }
  }
  public func direction(_ direction: TextDirection) -> Self { with { $0.direction = direction } }

  /// The label shown in the expanded state; `nil` (the default) shows none.
  public func collapseButton(_ label: TextSet?, placement: CollapsePlacement = .lastLine) -> Self {
    with {
      $0.collapseButton = label
      $0.collapsePlacement = placement
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
  case leftToRight
  case rightToLeft
}
