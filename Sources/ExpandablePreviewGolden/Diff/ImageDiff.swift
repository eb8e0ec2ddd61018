import ExpandablePreview

/// Compares an actual image with the expected one, pixel by pixel, and keeps what each pixel
/// turned out to be so that a diff image can be drawn.
public struct ImageDiff: Sendable {
  /// What a pixel of the compared canvas (the larger width by the larger height) is.
  enum PixelKind: UInt8, Sendable {
    case same
    case antialiased
    case changed
  }

  /// The golden.
  public let expected: Image
  /// The new image.
  public let actual: Image
  /// The threshold and tolerances the images were compared with.
  public let options: DiffOptions
  /// The counts and the verdict.
  public let result: DiffResult
  /// Whether the two images have the same size and the same bytes (checked first).
  public let isIdentical: Bool
  /// One kind per canvas pixel, row by row; empty when the buffers are identical.
  let kinds: [PixelKind]

  /// Compares the two images; identical buffers return at once.
  public init(expected: Image, actual: Image, options: DiffOptions = DiffOptions()) {
    self.expected = expected
    self.actual = actual
    self.options = options
    let expectedSize = PixelSize(width: expected.width, height: expected.height)
    let actualSize = PixelSize(width: actual.width, height: actual.height)
    let canvas = PixelSize(
      width: max(expected.width, actual.width), height: max(expected.height, actual.height))
    let total = canvas.width * canvas.height
    isIdentical = expectedSize == actualSize && expected.rgba == actual.rgba
    if isIdentical {
      kinds = []
      result = DiffResult(
        status: .match, diffPixels: 0, aaPixels: 0, totalPixels: total,
        expectedSize: expectedSize, actualSize: actualSize)
      return
    }
    let kinds = Self.classify(expected, actual, canvas: canvas, options: options)
    var changed = 0
    var antialiased = 0
    for kind in kinds {
      switch kind {
      case .same: break
      case .antialiased: antialiased += 1
      case .changed: changed += 1
      }
    }
    let status: DiffResult.Status =
      expectedSize != actualSize
      ? .sizeChanged
      : options.tolerates(diffPixels: changed, of: total) ? .match : .mismatch
    self.kinds = kinds
    result = DiffResult(
      status: status, diffPixels: changed, aaPixels: antialiased, totalPixels: total,
      expectedSize: expectedSize, actualSize: actualSize)
  }

  /// Classifies every canvas pixel; outside the common area every pixel has changed.
  private static func classify(
    _ expected: Image, _ actual: Image, canvas: PixelSize, options: DiffOptions
  ) -> [PixelKind] {
    let common = (
      width: min(expected.width, actual.width), height: min(expected.height, actual.height)
    )
    let limit = ColorDistance.limit(threshold: options.threshold)
    var kinds = [PixelKind](repeating: .changed, count: canvas.width * canvas.height)
    expected.rgba.withUnsafeBufferPointer { expectedBytes in
      actual.rgba.withUnsafeBufferPointer { actualBytes in
        let before = PixelView(
          bytes: expectedBytes, stride: expected.width, width: common.width,
          height: common.height)
        let after = PixelView(
          bytes: actualBytes, stride: actual.width, width: common.width, height: common.height)
        for y in 0..<common.height {
          for x in 0..<common.width {
            let first = before.pixel(x, y)
            let second = after.pixel(x, y)
            var kind = PixelKind.same
            if first != second, ColorDistance.distance(first, second) > limit {
              let isAntialiasing =
                !options.countsAntialiasing
                && (AntialiasingDetector.isAntialiased(x, y, in: before, other: after)
                  || AntialiasingDetector.isAntialiased(x, y, in: after, other: before))
              kind = isAntialiasing ? .antialiased : .changed
            }
            kinds[y * canvas.width + x] = kind
          }
        }
      }
    }
    return kinds
  }
}
