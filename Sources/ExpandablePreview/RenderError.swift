internal import CPangoCairo

/// Why a render failed.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A Cairo call returned a status other than `CAIRO_STATUS_SUCCESS`; the payload is
  /// `cairo_status_to_string`'s text and the operation that failed.
  case cairo(operation: String, status: String)
  /// A Pango or GLib constructor returned `NULL`.
  case pango(String)
  /// An input value cannot be rendered (for example a width of zero).
  case invalidInput(String)
  /// The image would be larger than ``RenderLimits/maxPixels`` or longer than
  /// ``RenderLimits/maxPixelSide`` on a side.
  case imageTooLarge(width: Int, height: Int)
  /// PNG encoding or decoding failed.
  case png(String)

  public var description: String {
    switch self {
    case .cairo(let operation, let status): "cairo: \(operation) failed: \(status)"
    case .pango(let message): "pango: \(message)"
    case .invalidInput(let message): message
    case .imageTooLarge(let width, let height):
      "image of \(width)×\(height) pixels exceeds the limit of \(RenderLimits.maxPixels) pixels "
        + "or \(RenderLimits.maxPixelSide) pixels per side"
    case .png(let message): "png: \(message)"
    }
  }

  /// Throws ``cairo(operation:status:)`` unless `status` is `CAIRO_STATUS_SUCCESS`.
  static func check(_ status: cairo_status_t, _ operation: String) throws(RenderError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
  }
}

/// Documented limits that keep one bad input from exhausting the machine.
public enum RenderLimits {
  /// The largest image a render produces, in pixels (100 megapixels).
  public static let maxPixels = 100_000_000
  /// The longest side of an image, in pixels: Cairo's image surfaces stop at 32,767.
  public static let maxPixelSide = 32_767
  /// The longest text, in UTF-8 bytes (1 MiB).
  public static let maxTextBytes = 1 << 20
  /// The widest image, in points.
  public static let maxWidth = 10_000.0
  /// The longest paragraph, as characters × point size (for example 58,823 characters at
  /// 17 pt): Pango's 32-bit widths overflow at about 2 million points of unwrapped text.
  public static let maxParagraphCharacterPoints = 1_000_000.0
  /// The largest line limit.
  public static let maxLineLimit = 1_000
  /// The largest line spacing, in points: far beyond any design, far below Pango's 32-bit units
  /// (which overflow at about 2.1 million points).
  public static let maxLineSpacing = 1_000.0
  /// The largest padding on one edge, in points (as wide as the widest image).
  public static let maxPadding = 10_000.0
  /// The largest font size, in points (Pango refuses to parse a size past 1,000,000).
  public static let maxFontSize = 1_000.0
  /// The scales a render accepts.
  public static let scales = 1...4
}
