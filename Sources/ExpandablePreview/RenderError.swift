internal import CPangoCairo

/// Why a render failed. Each kind of failure keeps its own type, so callers can tell a mistake
/// in the input (``configuration(_:)``, ``fontConfig(_:)``) from a library failure; the words
/// come from ``description`` alone.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A value the render cannot honor: a setting out of range, a text Pango cannot lay out.
  case configuration(ConfigurationError)
  /// Pinned fonts that cannot be used.
  case fontConfig(FontConfigError)
  /// A Cairo call left an error status; `operation` names the C function.
  case cairo(operation: String, status: CairoStatus)
  /// A Pango or GLib constructor returned `NULL`; the payload names it.
  case pango(String)
  /// The image would be larger than ``RenderLimits/maxPixels`` or longer than
  /// ``RenderLimits/maxPixelSide`` on a side.
  case imageTooLarge(width: Int, height: Int)
  /// PNG encoding or decoding failed.
  case png(String)

  /// The failure in words, naming the setting, path or C function.
  public var description: String {
    switch self {
    case .configuration(let error): error.description
    case .fontConfig(let error): error.description
    case .cairo(let operation, let status): "cairo: \(operation) failed: \(status)"
    case .pango(let message): "pango: \(message)"
    case .imageTooLarge(let width, let height):
      "image of \(width)×\(height) pixels exceeds the limit of \(RenderLimits.maxPixels) pixels "
        + "or \(RenderLimits.maxPixelSide) pixels per side"
    case .png(let message): "png: \(message)"
    }
  }

  /// Throws ``cairo(operation:status:)`` unless `status` is `CAIRO_STATUS_SUCCESS`.
  static func check(_ status: cairo_status_t, _ operation: String) throws(RenderError) {
    guard let status = CairoStatus(status) else { return }
    throw .cairo(operation: operation, status: status)
  }
}

/// A value a render, a comparison or a record mode cannot honor, in words that name the setting
/// ("lineSpacing must be 0 to 1000 points, got 1e7"). Written as a string literal where thrown.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// What is wrong, naming the setting.
  public let description: String
  /// The broken rule, typed, when a setting's value is to blame (which setting, what is wrong).
  public let problem: SettingProblem?

  /// An error saying `description`, with no typed ``problem``.
  public init(_ description: String) {
    self.description = description
    problem = nil
  }
  /// An error for the broken rule `problem`, in its words.
  public init(_ problem: SettingProblem) {
    description = problem.description
    self.problem = problem
  }
  /// An error saying the literal.
  public init(stringLiteral value: String) { self.init(value) }
  /// An error saying the interpolated string.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }
}

/// Font files or folders that cannot be pinned (``Renderer/init(fonts:)``, a manifest's
/// `fonts`): which path, and why.
public struct FontConfigError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file or folder, when one is to blame.
  public var path: String?
  /// Why it cannot be used.
  public var reason: String

  /// An error naming `path`, when one is to blame, and `reason`.
  public init(path: String? = nil, _ reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The path and the reason, without the "fonts:" that ``description`` starts with.
  public var detail: String { (path.map { "\($0): " } ?? "") + reason }

  /// "fonts: " and the ``detail``.
  public var description: String { "fonts: " + detail }
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
  /// The longest paragraph laid out, as characters × point size (for example 58,823
  /// characters at 17 pt): Pango's 32-bit widths overflow at about 2 million points of
  /// unwrapped text. A collapsed render lays out a bounded prefix, which may end inside a
  /// longer left-to-right paragraph.
  public static let maxParagraphCharacterPoints = 1_000_000.0
  /// The most paragraphs in a text laid out whole (the expanded state; a collapsed render lays
  /// out a bounded prefix): Pango's time grows with the square of their count (about 1 s for
  /// 10,000 two-character lines, 20 s for 50,000). See Documentation/Robustness.md.
  public static let maxLaidOutParagraphs = 5_000
  /// The most characters in a row without a line break opportunity in a text laid out whole:
  /// Pango wraps such a run by character, shaping the rest of it again for every line, so its
  /// time grows with the square of the run (about 2.4 s for 32,000). See Robustness.md.
  public static let maxUnbreakableCharacters = 5_000
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
  /// The frame rates an animation accepts.
  public static let framesPerSecond = 1...240
  /// The longest animation duration and spring response, in seconds: a minute of frames at the
  /// highest frame rate is already 14,400 frames.
  public static let maxAnimationSeconds = 60.0
  /// The largest spring damping fraction (1 is critical; far above it the spring only crawls).
  public static let maxDampingFraction = 100.0
}
