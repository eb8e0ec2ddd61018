import ExpandablePreview
import Foundation

/// How one ``GoldenKind``'s files are written, read and compared (swift-snapshot-testing's
/// `Diffing`): a render to bytes, the largest golden worth reading for a render, and a golden
/// file's bytes compared with a render.
struct GoldenDiffing: Sendable {
  /// The bytes a record writes for a render.
  var toData: @Sendable (GoldenRender) throws -> Data
  /// The most bytes a golden compared with the render may have (a larger file is refused
  /// before it is read).
  var maxBytes: @Sendable (GoldenRender) -> Int
  /// The golden's bytes compared with the render under the options.
  var compare: @Sendable (_ golden: Data, _ render: GoldenRender, DiffOptions) -> Outcome

  /// What a comparison found.
  enum Outcome {
    /// Every frame matches: `last` is the last frame's pixel comparison, `identical` whether
    /// every pixel is equal (an identical golden is never rewritten).
    case matches(last: ImageDiff?, identical: Bool)
    /// The golden differs as `difference` says; `diff` is the pixel comparison of `frame`,
    /// the one the difference is about.
    case differs(GoldenDifference, diff: ImageDiff? = nil, frame: Int? = nil)
    /// The golden cannot be read as this kind: the problem in words, without the golden's
    /// name, which the line that says it gives.
    case unreadable(String)
  }

  /// Compares `golden` with `render` frame after frame as a viewer shows them, stopping at the
  /// first that differs: `before` may find a difference of a frame before its pixels are
  /// compared (an animation's delay), and `inFrame` names a frame's pixel difference. The one
  /// pixel loop every kind shares.
  static func compareFrames(
    _ golden: [Image], with render: GoldenRender, options: DiffOptions,
    before: (Int) -> GoldenDifference? = { _ in nil },
    inFrame: (Int, GoldenDifference) -> GoldenDifference = { $1 }
  ) -> Outcome {
    var last: ImageDiff? = nil
    var identical = true
    for (index, expected) in golden.enumerated() {
      if let difference = before(index) { return .differs(difference, frame: index) }
      let diff = ImageDiff(expected: expected, actual: render.frames[index], options: options)
      switch diff.result.status {
      case .match:
        identical = identical && diff.isIdentical
        last = diff
      case .mismatch:
        return .differs(inFrame(index, .pixels(diff.result)), diff: diff, frame: index)
      case .sizeChanged:
        return .differs(inFrame(index, .size(diff.result)), diff: diff, frame: index)
      }
    }
    return .matches(last: last, identical: identical)
  }
}
