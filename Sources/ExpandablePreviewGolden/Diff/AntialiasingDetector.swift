import ExpandablePreview

/// Decides whether a differing pixel is anti-aliasing, following the algorithm pixelmatch
/// takes from Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009): a pixel
/// on an edge has both a darker and a brighter neighbour, and at most two neighbours of equal
/// brightness; it is anti-aliasing when the darkest or the brightest neighbour sits inside a
/// flat region (three or more identical neighbours) in both images.
///
/// Neighbours are visited in pixelmatch's order, column by column (x outer, y inner): when
/// several tie for darkest or brightest the first one found is tested, so another order tests
/// another pixel and moves pixels between "differs" and "anti-aliasing".
enum AntialiasingDetector {
  static func isAntialiased(_ x: Int, _ y: Int, in image: PixelView, other: PixelView) -> Bool {
    let (xs, ys, edge) = image.neighbourhood(x, y)
    let center = image.pixel(x, y)
    var equalNeighbours = edge ? 1 : 0
    var darkest = (delta: 0.0, x: 0, y: 0)
    var brightest = (delta: 0.0, x: 0, y: 0)
    for nx in xs {
      for ny in ys where nx != x || ny != y {
        // Negative when the neighbour is darker than the pixel. (pixelmatch subtracts the other
        // way round; the sign only swaps which variable holds which extreme.)
        let delta = ColorDistance.brightnessDelta(image.pixel(nx, ny), center)
        if delta == 0 {
          equalNeighbours += 1
          if equalNeighbours > 2 { return false }
        } else if delta < darkest.delta {
          darkest = (delta, nx, ny)
        } else if delta > brightest.delta {
          brightest = (delta, nx, ny)
        }
      }
    }
    // Without both a darker and a brighter neighbour the pixel is not on an edge.
    guard darkest.delta != 0, brightest.delta != 0 else { return false }
    return
      (hasManySiblings(darkest.x, darkest.y, in: image)
      && hasManySiblings(darkest.x, darkest.y, in: other))
      || (hasManySiblings(brightest.x, brightest.y, in: image)
        && hasManySiblings(brightest.x, brightest.y, in: other))
  }

  /// Whether more than two neighbours of `(x, y)` are exactly the same pixel (an edge of the
  /// area counts as one, as in pixelmatch).
  static func hasManySiblings(_ x: Int, _ y: Int, in image: PixelView) -> Bool {
    let (xs, ys, edge) = image.neighbourhood(x, y)
    let center = image.pixel(x, y)
    var equal = edge ? 1 : 0
    for nx in xs {
      for ny in ys where nx != x || ny != y {
        if image.pixel(nx, ny) == center {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }
}
