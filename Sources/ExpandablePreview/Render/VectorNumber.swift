import Foundation

/// Coordinates written into PDF link tags and SVG link rectangles: a decimal point whatever the
/// locale, to a thousandth of a point, so the same frames give the same bytes.
enum VectorNumber {
  static func text(_ value: Double) -> String {
    String(format: "%.3f", locale: nil, value)
  }
}
