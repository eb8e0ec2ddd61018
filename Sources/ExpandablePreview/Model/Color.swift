/// A color: a fixed RGBA value, or an iOS system color resolved per ``Appearance``.
public struct Color: Sendable, Hashable {
  /// A color with straight (not premultiplied) components in 0…1.
  public struct RGBA: Sendable, Hashable, Codable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (clear) … 1 (opaque).
    public var alpha: Double

    /// A color with these components, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }

    init(hex: UInt32, alpha: Double = 1) {
      self.init(
        red: Double((hex >> 16) & 0xFF) / 255,
        green: Double((hex >> 8) & 0xFF) / 255,
        blue: Double(hex & 0xFF) / 255,
        alpha: alpha)
    }
  }

  /// What the color is; `package` so that job keys can write it field by field.
  package enum Storage: Sendable, Hashable {
    case fixed(RGBA)
    case named(String, light: RGBA, dark: RGBA)
  }

  package let storage: Storage

  /// A color that looks the same in every appearance.
  public init(_ rgba: RGBA) {
    storage = .fixed(rgba)
  }

  /// A color with different values in light and dark appearance.
  public init(light: RGBA, dark: RGBA) {
    storage = .named("custom", light: light, dark: dark)
  }

  private init(named name: String, light: RGBA, dark: RGBA) {
    storage = .named(name, light: light, dark: dark)
  }

  /// The value of this color in the given appearance.
  public func resolved(in appearance: Appearance) -> RGBA {
    resolved(in: appearance, contrast: .standard)
  }

  /// The value of this color in the given appearance and contrast: with increased contrast a
  /// system color that has an accessible value takes it; fixed and custom colors never change.
  public func resolved(in appearance: Appearance, contrast: ColorSchemeContrast) -> RGBA {
    switch storage {
    case .fixed(let rgba): return rgba
    case .named(let name, let light, let dark):
      if contrast == .increased, let accessible = Color.accessibleVariants[name] {
        return appearance == .light ? accessible.light : accessible.dark
      }
      return appearance == .light ? light : dark
    }
  }

  /// Parses `#RRGGBB`, `#RRGGBBAA` or a system color name such as `blue` or `systemBackground`.
  ///
  /// - Throws: ``ColorError`` naming what is wrong with the string.
  public init(parsing string: String) throws(ColorError) {
    if string.hasPrefix("#") {
      let digits = string.dropFirst()
      guard digits.count == 6 || digits.count == 8,
        digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16)
      else { throw ColorError.invalidHex(string) }
      if digits.count == 6 {
        self.init(RGBA(hex: UInt32(value)))
      } else {
        self.init(RGBA(hex: UInt32(value >> 8), alpha: Double(value & 0xFF) / 255))
      }
      return
    }
    guard let named = Color.systemColors[string] else {
      throw ColorError.unknownName(string)
    }
    self = named
  }

  /// The names ``init(parsing:)`` accepts, sorted.
  public static var systemColorNames: [String] { systemColors.keys.sorted() }
}

/// Why a color string could not be parsed.
public enum ColorError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A string starting with `#` that is not `#RRGGBB` or `#RRGGBBAA`.
  case invalidHex(String)
  /// A name that is no system color.
  case unknownName(String)

  /// The problem in words, naming the string and what was expected.
  public var description: String {
    switch self {
    case .invalidHex(let string):
      "invalid color '\(string)': expected #RRGGBB or #RRGGBBAA"
    case .unknownName(let string):
      "unknown color '\(string)': expected #RRGGBB, #RRGGBBAA or a system color name (\(Color.systemColorNames.joined(separator: ", ")))"
    }
  }
}

// iOS system colors with their published light and dark values.
extension Color {
  private static func system(_ name: String, _ light: UInt32, _ dark: UInt32) -> Color {
    Color(named: name, light: RGBA(hex: light), dark: RGBA(hex: dark))
  }

  private static func label(_ name: String, lightAlpha: Double, darkAlpha: Double) -> Color {
    Color(
      named: name, light: RGBA(hex: 0x3C3C43, alpha: lightAlpha),
      dark: RGBA(hex: 0xEBEBF5, alpha: darkAlpha))
  }

  /// The primary label color (`label`): black in light mode, white in dark.
  public static let primary = system("primary", 0x000000, 0xFFFFFF)
  /// The secondary label color (`secondaryLabel`).
  public static let secondary = label("secondary", lightAlpha: 0.6, darkAlpha: 0.6)
  /// The tertiary label color (`tertiaryLabel`).
  public static let tertiary = label("tertiary", lightAlpha: 0.3, darkAlpha: 0.3)
  /// The quaternary label color (`quaternaryLabel`).
  public static let quaternary = label("quaternary", lightAlpha: 0.18, darkAlpha: 0.16)
  /// The system background: white in light mode, black in dark.
  public static let systemBackground = system("systemBackground", 0xFFFFFF, 0x000000)
  /// The secondary system background.
  public static let secondarySystemBackground = system(
    "secondarySystemBackground", 0xF2F2F7, 0x1C1C1E)
  /// The tertiary system background.
  public static let tertiarySystemBackground = system(
    "tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E)
  /// The system blue (`systemBlue`), with its light and dark values.
  public static let blue = system("blue", 0x007AFF, 0x0A84FF)
  /// The system red (`systemRed`), with its light and dark values.
  public static let red = system("red", 0xFF3B30, 0xFF453A)
  /// The system green (`systemGreen`), with its light and dark values.
  public static let green = system("green", 0x34C759, 0x30D158)
  /// The system orange (`systemOrange`), with its light and dark values.
  public static let orange = system("orange", 0xFF9500, 0xFF9F0A)
  /// The system yellow (`systemYellow`), with its light and dark values.
  public static let yellow = system("yellow", 0xFFCC00, 0xFFD60A)
  /// The system pink (`systemPink`), with its light and dark values.
  public static let pink = system("pink", 0xFF2D55, 0xFF375F)
  /// The system purple (`systemPurple`), with its light and dark values.
  public static let purple = system("purple", 0xAF52DE, 0xBF5AF2)
  /// The system indigo (`systemIndigo`), with its light and dark values.
  public static let indigo = system("indigo", 0x5856D6, 0x5E5CE6)
  /// The system teal (`systemTeal`), with its light and dark values.
  public static let teal = system("teal", 0x30B0C7, 0x40C8E0)
  /// The system mint (`systemMint`), with its light and dark values.
  public static let mint = system("mint", 0x00C7BE, 0x63E6E2)
  /// The system cyan (`systemCyan`), with its light and dark values.
  public static let cyan = system("cyan", 0x32ADE6, 0x64D2FF)
  /// The system brown (`systemBrown`), with its light and dark values.
  public static let brown = system("brown", 0xA2845E, 0xAC8E68)
  /// The system gray (`systemGray`), with its light and dark values.
  public static let gray = system("gray", 0x8E8E93, 0x8E8E93)
  /// The system gray 2 (`systemGray2`), with its light and dark values.
  public static let gray2 = system("gray2", 0xAEAEB2, 0x636366)
  /// The system gray 3 (`systemGray3`), with its light and dark values.
  public static let gray3 = system("gray3", 0xC7C7CC, 0x48484A)
  /// The system gray 4 (`systemGray4`), with its light and dark values.
  public static let gray4 = system("gray4", 0xD1D1D6, 0x3A3A3C)
  /// The system gray 5 (`systemGray5`), with its light and dark values.
  public static let gray5 = system("gray5", 0xE5E5EA, 0x2C2C2E)
  /// The system gray 6 (`systemGray6`), with its light and dark values.
  public static let gray6 = system("gray6", 0xF2F2F7, 0x1C1C1E)
  /// Opaque white in every appearance.
  public static let white = Color(RGBA(hex: 0xFFFFFF))
  /// Opaque black in every appearance.
  public static let black = Color(RGBA(hex: 0x000000))
  /// Fully transparent.
  public static let clear = Color(RGBA(hex: 0x000000, alpha: 0))

  /// The increased-contrast ("accessible") values of the system colors, light and dark.
  ///
  /// Sources. Apple's Human Interface Guidelines, "Color" (Specifications, iOS and iPadOS
  /// system colors; https://developer.apple.com/design/human-interface-guidelines/color), lists
  /// each system color's default and accessible value in light and dark, for example systemBlue
  /// (0, 122, 255) / (10, 132, 255) by default and (0, 64, 221) / (64, 156, 255) accessible.
  /// The stored copies of that page searchable when these values were checked hold its text
  /// but not its table, so every value below was checked against two published tables that
  /// give all four values per color: compose-cupertino's `CupertinoColors.kt`
  /// (github.com/alexzhirkevich/compose-cupertino,
  /// cupertino/src/commonMain/kotlin/io/github/alexzhirkevich/cupertino/theme/CupertinoColors.kt)
  /// and Flutter's `CupertinoColors` (github.com/flutter/flutter,
  /// packages/flutter/lib/src/cupertino/colors.dart, `highContrastColor` and
  /// `darkHighContrastColor`). Both agree on every value here except two: Flutter gives yellow's
  /// accessible light value as (160, 90, 0) where compose-cupertino has (178, 80, 0) (kept
  /// here), and Flutter's teal is iOS 13's teal (90, 200, 250), whose accessible pair iOS 15
  /// moved to cyan; teal here is iOS 15's (48, 176, 199) with compose-cupertino's pair. These
  /// are the iOS 13–18 values; the HIG's June 2025 revision changed the system colors, and its
  /// new table was not available to check.
  ///
  /// Label colors. Apple publishes no values for `label`, `secondaryLabel`, `tertiaryLabel` or
  /// `quaternaryLabel` (the HIG names them; UIKit's reference gives no numbers). Flutter's
  /// `CupertinoColors.label`, `secondaryLabel`, `tertiaryLabel` and `quaternaryLabel` give
  /// their high-contrast values as the same grays with more opacity: label black / white
  /// unchanged; secondary alpha 153 → 173 (of 255) light and dark; tertiary 76 → 96; quaternary
  /// 45 → 66 light, 40 → 61 dark. Those are used here. They are a third party's, not Apple's,
  /// and not measured on a device here; other public tables disagree (one gives secondary
  /// 204 light, 179 dark), so they are the best published values found, not verified ones. Backgrounds keep their values: neither table gives the plain system
  /// backgrounds (white / black) another value, and this package does not model the
  /// secondary and tertiary backgrounds' high-contrast shades.
  static let accessibleVariants: [String: (light: RGBA, dark: RGBA)] = [
    "secondary": labelShades(lightAlpha: 173, darkAlpha: 173),
    "tertiary": labelShades(lightAlpha: 96, darkAlpha: 96),
    "quaternary": labelShades(lightAlpha: 66, darkAlpha: 61),
    "blue": (RGBA(hex: 0x0040DD), RGBA(hex: 0x409CFF)),
    "red": (RGBA(hex: 0xD70015), RGBA(hex: 0xFF6961)),
    "green": (RGBA(hex: 0x248A3D), RGBA(hex: 0x30DB5B)),
    "orange": (RGBA(hex: 0xC93400), RGBA(hex: 0xFFB340)),
    "yellow": (RGBA(hex: 0xB25000), RGBA(hex: 0xFFD426)),
    "pink": (RGBA(hex: 0xD30F45), RGBA(hex: 0xFF6482)),
    "purple": (RGBA(hex: 0x8944AB), RGBA(hex: 0xDA8FFF)),
    "indigo": (RGBA(hex: 0x3634A3), RGBA(hex: 0x7D7AFF)),
    "teal": (RGBA(hex: 0x008299), RGBA(hex: 0x5DE6FF)),
    "mint": (RGBA(hex: 0x0C817B), RGBA(hex: 0x66D4CF)),
    "cyan": (RGBA(hex: 0x0071A4), RGBA(hex: 0x70D7FF)),
    "brown": (RGBA(hex: 0x7F6545), RGBA(hex: 0xB59469)),
    "gray": (RGBA(hex: 0x6C6C70), RGBA(hex: 0xAEAEB2)),
    "gray2": (RGBA(hex: 0x8E8E93), RGBA(hex: 0x7C7C80)),
    "gray3": (RGBA(hex: 0xAEAEB2), RGBA(hex: 0x545456)),
    "gray4": (RGBA(hex: 0xBCBCC0), RGBA(hex: 0x444446)),
    "gray5": (RGBA(hex: 0xD8D8DC), RGBA(hex: 0x363638)),
    "gray6": (RGBA(hex: 0xEBEBF0), RGBA(hex: 0x242426)),
  ]

  /// The label grays (light 60, 60, 67; dark 235, 235, 245) with opacities out of 255.
  private static func labelShades(lightAlpha: Int, darkAlpha: Int) -> (light: RGBA, dark: RGBA) {
    (
      RGBA(hex: 0x3C3C43, alpha: Double(lightAlpha) / 255),
      RGBA(hex: 0xEBEBF5, alpha: Double(darkAlpha) / 255)
    )
  }

  static let systemColors: [String: Color] = [
    "primary": primary, "label": primary, "secondary": secondary, "secondaryLabel": secondary,
    "tertiary": tertiary, "tertiaryLabel": tertiary, "quaternary": quaternary,
    "quaternaryLabel": quaternary, "systemBackground": systemBackground,
    "secondarySystemBackground": secondarySystemBackground,
    "tertiarySystemBackground": tertiarySystemBackground, "blue": blue, "red": red,
    "green": green, "orange": orange, "yellow": yellow, "pink": pink, "purple": purple,
    "indigo": indigo, "teal": teal, "mint": mint, "cyan": cyan, "brown": brown, "gray": gray,
    "gray2": gray2, "gray3": gray3, "gray4": gray4, "gray5": gray5, "gray6": gray6,
    "white": white, "black": black, "clear": clear,
  ]
}
