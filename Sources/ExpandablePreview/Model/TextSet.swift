/// A label's text with its own font and color, as the reference `ExpandableText` defines it.
public struct TextSet: Sendable, Hashable {
  /// The label's words.
  public var text: String
  /// The label's font; `nil` uses the component's font.
  public var font: Font?
  /// The label's color.
  public var color: Color

  /// A label; without a font it uses the component's.
  public init(text: String, font: Font? = nil, color: Color = .blue) {
    self.text = text
    self.font = font
    self.color = color
  }
}
