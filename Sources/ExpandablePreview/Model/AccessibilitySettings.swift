/// The Bold Text setting, after SwiftUI's `LegibilityWeight`.
public enum LegibilityWeight: String, Sendable, Hashable, CaseIterable, Codable {
  /// Bold Text off.
  case regular
  /// Bold Text on: text styles are drawn one weight heavier (``Font/Weight/boldTextWeight``).
  case bold
}

/// The Increase Contrast setting, after SwiftUI's `ColorSchemeContrast`.
public enum ColorSchemeContrast: String, Sendable, Hashable, CaseIterable, Codable {
  /// Increase Contrast off: the default values.
  case standard
  /// Increase Contrast on: system colors take their accessible values
  /// (``Color/resolved(in:contrast:)``); fixed colors stay as given.
  case increased
}

extension Font.Weight {
  /// The weight Bold Text draws this weight in: the next of the nine weights by numeric value
  /// (regular 400 → medium 500, semibold 600 → bold 700, black stays black).
  ///
  /// Apple documents only that `LegibilityWeight.bold` means "use heavier font weight (force
  /// Accessibility Bold)", not by how much; one step along the nine weights is this project's
  /// rule, so every weight changes and none jumps past the next face Inter ships.
  public var boldTextWeight: Font.Weight {
    let heavier = Font.Weight.allCases
      .filter { $0.rawValue > rawValue }
      .min { $0.rawValue < $1.rawValue }
    return heavier ?? self
  }

  /// This weight under `legibilityWeight`.
  func under(_ legibilityWeight: LegibilityWeight) -> Font.Weight {
    legibilityWeight == .bold ? boldTextWeight : self
  }
}

extension RenderOptions {
  /// The value of `color` in these options' appearance and contrast.
  func resolve(_ color: Color) -> Color.RGBA {
    color.resolved(in: appearance, contrast: colorSchemeContrast)
  }
}
