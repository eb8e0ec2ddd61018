/// A rectangle in points from the image's top-left corner.
public struct Rect: Sendable, Hashable, Codable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A rectangle with its top-left corner at (`x`, `y`).
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
}

/// A size in points or pixels.
public struct Size: Sendable, Hashable, Codable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A size of `width` by `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// Insets in points; leading and trailing follow the text's direction.
public struct EdgeInsets: Sendable, Hashable, Codable {
  /// The inset at the top.
  public var top: Double
  /// The inset where lines start.
  public var leading: Double
  /// The inset at the bottom.
  public var bottom: Double
  /// The inset where lines end.
  public var trailing: Double

  /// Insets on each edge; 0 where not given.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on all four edges.
  public init(all inset: Double) {
    self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
  }

  /// Horizontal and vertical insets.
  public init(horizontal: Double = 0, vertical: Double = 0) {
    self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets()
}
