/// One element VoiceOver would find in the component, as SwiftUI exposes the reference view:
/// modelled on the view hierarchy (a `Text` and a `Button` with a text label), not read from a
/// device's accessibility tree.
public struct AccessibilityElement: Sendable, Hashable, Codable {
  /// The element's traits, as VoiceOver speaks them after the label.
  public enum Trait: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plain text.
    case staticText
    /// A button: the expand or collapse label.
    case button
    /// A link of Markdown text.
    case link

    /// What VoiceOver says for the trait ("Button", "Link"); static text says nothing.
    public var spoken: String? {
      switch self {
      case .staticText: nil
      case .button: "Button"
      case .link: "Link"
      }
    }
  }

  /// What VoiceOver reads: the whole text for the text element (a truncated `Text` is still
  /// read whole), the label's text for the button, the link's text for a link.
  public var label: String
  /// The element's traits, in the order VoiceOver speaks them.
  public var traits: [Trait]
  /// Where the element is, in points from the image's top-left.
  public var frame: Rect
  /// A link's destination; `nil` for the others.
  public var url: String?

  /// An element with these values.
  public init(label: String, traits: [Trait], frame: Rect, url: String? = nil) {
    self.label = label
    self.traits = traits
    self.frame = frame
    self.url = url
  }

  /// The label and the spoken traits as VoiceOver announces them: "more, Button".
  public var announcement: String {
    ([label] + traits.compactMap(\.spoken)).joined(separator: ", ")
  }
}

extension LayoutResult {
  /// The accessibility elements in reading order: the text (its whole plain text, over the
  /// drawn lines), then each visible link in text order (over the union of its frames), then
  /// the label as a button ("more" collapsed, the collapse label expanded).
  static func accessibilityElements(
    fullText: String, textFrame: Rect, links: [(link: VisibleLink, text: String)],
    label: (text: String, frame: Rect)?
  ) -> [AccessibilityElement] {
    var elements = [AccessibilityElement(label: fullText, traits: [.staticText], frame: textFrame)]
    for (link, text) in links {
      guard let union = Rect.union(link.frames) else { continue }
      elements.append(
        AccessibilityElement(label: text, traits: [.link], frame: union, url: link.url))
    }
    if let label {
      elements.append(
        AccessibilityElement(label: label.text, traits: [.button], frame: label.frame))
    }
    return elements
  }
}

extension Rect {
  /// The smallest rectangle holding all of `rects`; `nil` for none.
  static func union(_ rects: [Rect]) -> Rect? {
    guard let first = rects.first else { return nil }
    var minX = first.x
    var minY = first.y
    var maxX = first.x + first.width
    var maxY = first.y + first.height
    for rect in rects.dropFirst() {
      minX = min(minX, rect.x)
      minY = min(minY, rect.y)
      maxX = max(maxX, rect.x + rect.width)
      maxY = max(maxY, rect.y + rect.height)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
