import ExpandablePreview

/// Read access to one image's pixels inside a comparison area that may be smaller than the
/// image (when sizes differ, only the common area is compared).
struct PixelView {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The image's own width: the row stride in pixels.
  let stride: Int
  /// The compared area.
  let width: Int
  let height: Int

  func pixel(_ x: Int, _ y: Int) -> RGBA {
    let index = (y * stride + x) * 4
    return RGBA(
      red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2], alpha: bytes[index + 3])
  }

  /// The 3×3 neighbourhood of `(x, y)` clipped to the area, and whether the pixel lies on the
  /// area's edge (pixelmatch counts an edge as one equal neighbour).
  func neighbourhood(_ x: Int, _ y: Int) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>, edge: Bool)
  {
    let xs = max(x - 1, 0)...min(x + 1, width - 1)
    let ys = max(y - 1, 0)...min(y + 1, height - 1)
    let edge = x == xs.lowerBound || x == xs.upperBound || y == ys.lowerBound || y == ys.upperBound
    return (xs, ys, edge)
  }
}
