import Foundation

/// A font: a SwiftUI text style (optionally in another family or weight), or a Pango font
/// description such as `"DejaVu Sans Bold 15"` (sizes are points; Dynamic Type does not scale it).
public struct Font: Sendable, Hashable {
  /// Font weights, with their CSS / OpenType numeric values.
  public enum Weight: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Ultra light (200).
    case ultraLight = 200
    /// Thin (100).
    case thin = 100
    /// Light (300).
    case light = 300
    /// Regular (400).
    case regular = 400
    /// Medium (500).
    case medium = 500
    /// Semibold (600).
    case semibold = 600
    /// Bold (700).
    case bold = 700
    /// Heavy (800).
    case heavy = 800
    /// Black (900).
    case black = 900
  }

  /// What the font is; `package` so that job keys can write it field by field.
  package enum Storage: Sendable, Hashable {
    case style(TextStyle, family: String?, weight: Weight?)
    case description(String)
  }

  package let storage: Storage

  /// San Francisco's stand-in for text styles below ``opticalSwitchPointSize``: Inter, as SF Pro
  /// Text (Debian `fonts-inter`).
  public static let textFamily = "Inter"
  /// The stand-in from ``opticalSwitchPointSize`` up: Inter Display, as SF Pro Display.
  public static let displayFamily = "Inter Display"
  /// The size at which iOS switches San Francisco from its Text to its Display cut.
  public static let opticalSwitchPointSize = 20.0

  /// The family a text style (or a description without a family) gets at `pointSize`.
  public static func defaultFamily(pointSize: Double) -> String {
    pointSize >= opticalSwitchPointSize ? displayFamily : textFamily
  }

  /// A text style at its iOS size and weight.
  public static func system(_ style: TextStyle) -> Font {
    Font(storage: .style(style, family: nil, weight: nil))
  }

  /// A Pango font description, used as given (for example `"Noto Sans Arabic Bold 15"`); one
  /// without a size gets body's 17 pt.
  public static func custom(_ pangoDescription: String) -> Font {
    Font(storage: .description(pangoDescription))
  }

  /// The same text style in another font family; has no effect on a custom description.
  public func family(_ name: String) -> Font {
    guard case .style(let style, _, let weight) = storage else { return self }
    return Font(storage: .style(style, family: name, weight: weight))
  }

  /// The same text style in another weight; has no effect on a custom description.
  public func weight(_ weight: Weight) -> Font {
    guard case .style(let style, let family, _) = storage else { return self }
    return Font(storage: .style(style, family: family, weight: weight))
  }

  /// The family set with ``family(_:)``, if any.
  var familyName: String? {
    if case .style(_, let family, _) = storage { family } else { nil }
  }

  /// The text style, when this font is one.
  public var textStyle: TextStyle? {
    if case .style(let style, _, _) = storage { style } else { nil }
  }

  /// The ``TextStyle/largeTitle`` text style in the system family.
  public static let largeTitle = system(.largeTitle)
  /// The ``TextStyle/title`` text style in the system family.
  public static let title = system(.title)
  /// The ``TextStyle/title2`` text style in the system family.
  public static let title2 = system(.title2)
  /// The ``TextStyle/title3`` text style in the system family.
  public static let title3 = system(.title3)
  /// The ``TextStyle/headline`` text style in the system family.
  public static let headline = system(.headline)
  /// The ``TextStyle/subheadline`` text style in the system family.
  public static let subheadline = system(.subheadline)
  /// The ``TextStyle/body`` text style in the system family.
  public static let body = system(.body)
  /// The ``TextStyle/callout`` text style in the system family.
  public static let callout = system(.callout)
  /// The ``TextStyle/footnote`` text style in the system family.
  public static let footnote = system(.footnote)
  /// The ``TextStyle/caption`` text style in the system family.
  public static let caption = system(.caption)
  /// The ``TextStyle/caption2`` text style in the system family.
  public static let caption2 = system(.caption2)
}

extension Font {
  /// Parses a text style name (`"body"`, `"headline"`) or a Pango font description that ends in a
  /// size (`"DejaVu Sans Bold 15"`).
  public init(parsing string: String) throws(FontError) {
    if let style = TextStyle(rawValue: string) {
      self = .system(style)
      return
    }
    guard string.contains(" "), let size = Self.trailingSize(of: string) else {
      throw FontError.unknown(string)
    }
    if let problem = SettingRules.fontSize(size, of: "font") {
      throw FontError.size(string, problem.description)
    }
    self = .custom(string)
  }

  /// The size a Pango description ends in (`"DejaVu Sans Bold 15"`, `"… 20px"`), if any.
  static func trailingSize(of description: String) -> Double? {
    let lastWord = description.split(separator: " ").last ?? ""
    return Double(lastWord.replacingOccurrences(of: "px", with: ""))
  }

  /// The size of a custom description, when it ends in one.
  var customSize: Double? {
    if case .description(let string) = storage { Self.trailingSize(of: string) } else { nil }
  }

}

/// Why a font string could not be parsed.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A string that is neither a text style nor a Pango font description.
  case unknown(String)
  /// A description whose size is out of range, and why.
  case size(String, String)

  /// The problem in words, naming the string.
  public var description: String {
    switch self {
    case .size(_, let problem): problem
    case .unknown(let string):
      "unknown font '\(string)': expected a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or a Pango font description with a size, such as 'DejaVu Sans Bold 15'"
    }
  }
}
