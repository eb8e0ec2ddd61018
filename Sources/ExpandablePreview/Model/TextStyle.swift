/// The SwiftUI text styles, with iOS's sizes and weights.
public enum TextStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// The styles of SwiftUI's `Font.TextStyle`, largest first.
  case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
  /// The two caption styles, the smallest.
  case caption, caption2

  /// The point size at a Dynamic Type size, from iOS's published type-size table.
  public func pointSize(at dynamicType: DynamicTypeSize = .large) -> Double {
    Double(Self.sizeTable[dynamicType.tableIndex][tableColumn])
  }

  /// The weight iOS uses for this style (only `headline` is semibold).
  public var weight: Font.Weight { self == .headline ? .semibold : .regular }

  private var tableColumn: Int {
    switch self {
    case .largeTitle: 0
    case .title: 1
    case .title2: 2
    case .title3: 3
    case .headline: 4
    case .body: 5
    case .callout: 6
    case .subheadline: 7
    case .footnote: 8
    case .caption: 9
    case .caption2: 10
    }
  }

  // Rows: DynamicTypeSize in declaration order. Columns: largeTitle, title, title2, title3,
  // headline, body, callout, subheadline, footnote, caption, caption2.
  private static let sizeTable: [[Int]] = [
    [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],  // xSmall
    [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],  // small
    [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],  // medium
    [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],  // large (default)
    [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],  // xLarge
    [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],  // xxLarge
    [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],  // xxxLarge
    [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],  // accessibility1
    [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],  // accessibility2
    [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],  // accessibility3
    [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],  // accessibility4
    [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],  // accessibility5
  ]
}

/// iOS Dynamic Type sizes; they scale text styles, never a Pango font description.
public enum DynamicTypeSize: String, Sendable, Hashable, CaseIterable, Codable {
  /// The standard sizes, smallest first; ``large`` is iOS's default.
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  /// The accessibility sizes, smallest first.
  case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

  var tableIndex: Int { Self.allCases.firstIndex(of: self)! }
}
