/// A label's text with its own font and color, as the reference `ExpandableText` defines it.
public struct TextSet: Sendable, Hashable {
  public var text: String
  /// The label's font; `nil` uses the component's font.
  public var font: Font?
  public var color: Color

  public init(text: String, font: Font? = nil, color: Color = .blue) {
    self.text = text
    self.font = font
    self.color = color
  }
}
