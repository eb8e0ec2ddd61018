import ExpandablePreview

extension ImageDiff {
  /// The gap between panels in pixels.
  static let panelGap = 4

  /// The most pixels a three-panel picture has: 16 megapixels (64 MB of RGBA). A larger one
  /// is drawn reduced by the smallest whole factor that fits (``threePanelScale(maxPixels:)``);
  /// a 30,000-pixel-wide image once made a 222-megapixel, 2.5 GB diff.
  public static let maxThreePanelPixels = 16_000_000

  /// The whole factor the three-panel picture is reduced by: 1 unless the full-size picture
  /// would have more than `maxPixels` pixels.
  public func threePanelScale(maxPixels: Int = Self.maxThreePanelPixels) -> Int {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    var factor = 1
    while ((width + factor - 1) / factor * 3 + Self.panelGap * 2) * ((height + factor - 1) / factor)
      > maxPixels
    {
      factor += 1
    }
    return factor
  }

  /// A three-panel picture: expected | difference | actual (see `differenceImage()` for the
  /// middle one). Panels are as large as the larger image; where an image has no pixels its
  /// panel shows a gray checkerboard (and the middle panel red, since those pixels changed).
  /// Past `maxPixels` every panel is reduced by ``threePanelScale(maxPixels:)``: each pixel
  /// shows the top-left pixel of its block, and the middle panel is red (or yellow) where any
  /// pixel of the block changed (or differs by anti-aliasing alone), so no difference is lost.
  /// For a dark expected image the middle panel fades into black instead of white
  /// (`differenceImage(dark:)`): pixelmatch's light fade turns white text on black into white
  /// on light gray, which cannot be read.
  public func threePanelImage(maxPixels: Int = Self.maxThreePanelPixels) -> Image {
    let factor = threePanelScale(maxPixels: maxPixels)
    let dark = Self.isDark(expected)
    let canvas = PixelSize(
      width: max(expected.width, actual.width), height: max(expected.height, actual.height))
    let panel = PixelSize(
      width: (canvas.width + factor - 1) / factor, height: (canvas.height + factor - 1) / factor)
    let width = panel.width * 3 + Self.panelGap * 2
    var rgba = [UInt8](repeating: 0, count: width * panel.height * 4)
    func put(_ x: Int, _ y: Int, _ pixel: RGBA) {
      let index = (y * width + x) * 4
      rgba[index] = pixel.red
      rgba[index + 1] = pixel.green
      rgba[index + 2] = pixel.blue
      rgba[index + 3] = pixel.alpha
    }
    let gapColor = RGBA(red: 96, green: 96, blue: 96, alpha: 255)
    let middle = panel.width + Self.panelGap
    let right = middle + panel.width + Self.panelGap
    for y in 0..<panel.height {
      for x in 0..<panel.width {
        let (sourceX, sourceY) = (x * factor, y * factor)
        put(x, y, Self.pixel(of: expected, sourceX, sourceY))
        put(
          middle + x, y,
          blockDifferencePixel(sourceX, sourceY, factor: factor, canvas: canvas, dark: dark))
        put(right + x, y, Self.pixel(of: actual, sourceX, sourceY))
      }
      for gap in 0..<Self.panelGap {
        put(panel.width + gap, y, gapColor)
        put(middle + panel.width + gap, y, gapColor)
      }
    }
    return Image(width: width, height: panel.height, rgba: rgba)
  }

  /// The difference pixel of the `factor`-sided block at `(x, y)`: red if any pixel of it
  /// changed, else yellow if any differs by anti-aliasing, else the faded top-left pixel.
  private func blockDifferencePixel(
    _ x: Int, _ y: Int, factor: Int, canvas: PixelSize, dark: Bool
  ) -> RGBA {
    guard factor > 1, !kinds.isEmpty else {
      return differencePixel(x, y, canvasWidth: canvas.width, dark: dark)
    }
    var strongest = PixelKind.same
    for row in y..<min(y + factor, canvas.height) {
      for column in x..<min(x + factor, canvas.width) {
        let kind = kinds[row * canvas.width + column]
        if kind.rawValue > strongest.rawValue { strongest = kind }
      }
      if strongest == .changed { break }
    }
    return strongest == .same
      ? differencePixel(x, y, canvasWidth: canvas.width, dark: dark)
      : differencePixel(x, y, canvasWidth: canvas.width, kind: strongest, dark: dark)
  }

  /// The difference alone, drawn as pixelmatch draws its output: the expected image faded to
  /// light gray, changed pixels red and anti-aliasing differences yellow, all opaque. With
  /// `dark`, unchanged pixels are faded towards black at half their brightness instead, so a
  /// dark image's light text stays readable.
  func differenceImage(dark: Bool = false) -> Image {
    let size = PixelSize(
      width: max(expected.width, actual.width), height: max(expected.height, actual.height))
    var rgba: [UInt8] = []
    rgba.reserveCapacity(size.width * size.height * 4)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let pixel = differencePixel(x, y, canvasWidth: size.width, dark: dark)
        rgba += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
      }
    }
    return Image(width: size.width, height: size.height, rgba: rgba)
  }

  private func differencePixel(
    _ x: Int, _ y: Int, canvasWidth: Int, kind given: PixelKind? = nil, dark: Bool = false
  ) -> RGBA {
    let kind = given ?? (kinds.isEmpty ? .same : kinds[y * canvasWidth + x])
    switch kind {
    case .changed: return RGBA(red: 255, green: 0, blue: 0, alpha: 255)
    case .antialiased: return RGBA(red: 255, green: 255, blue: 0, alpha: 255)
    case .same:
      // Faded exactly as pixelmatch draws it: the brightness of the color, mixed into white
      // at 10 % of the pixel's alpha, the same operations in the same order, truncated.
      let source = Self.pixel(of: expected, x, y)
      let brightness = ColorDistance.brightness(
        (Double(source.red), Double(source.green), Double(source.blue)))
      if dark {
        let value = UInt8(max(0, min(255, brightness * 0.5 * Double(source.alpha) / 255)))
        return RGBA(red: value, green: value, blue: value, alpha: 255)
      }
      let gray = 255 + (brightness - 255) * (0.1 * Double(source.alpha) / 255)
      let value = UInt8(max(0, min(255, gray)))
      return RGBA(red: value, green: value, blue: value, alpha: 255)
    }
  }

  /// Whether most of `image`'s opaque pixels are dark (brightness below half): a dark
  /// appearance's render.
  static func isDark(_ image: Image) -> Bool {
    var dark = 0
    var total = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)
        guard p.a > 127 else { continue }
        total += 1
        if ColorDistance.brightness((Double(p.r), Double(p.g), Double(p.b))) < 128 { dark += 1 }
      }
    }
    return total > 0 && dark * 2 > total
  }

  /// The pixel of `image` at `(x, y)`, or the padding checkerboard outside it.
  private static func pixel(of image: Image, _ x: Int, _ y: Int) -> RGBA {
    guard x < image.width, y < image.height else {
      let light = (x / 8 + y / 8) % 2 == 0
      let value: UInt8 = light ? 224 : 192
      return RGBA(red: value, green: value, blue: value, alpha: 255)
    }
    let p = image.pixel(x: x, y: y)
    return RGBA(red: p.r, green: p.g, blue: p.b, alpha: p.a)
  }
}
