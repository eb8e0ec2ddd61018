import ExpandablePreview

@_spi(Benchmark) @testable import ExpandablePreviewFuzzing

/// Two images of one size to compare, named for the change between them.
struct ImagePair {
  let name: String
  let expected: Image
  let actual: Image

  var isOpaque: Bool { expected.isOpaque && actual.isOpaque }
}

/// Seeded image pairs of the kinds a diff meets: renders with one change each (text color,
/// label color, font size +1, half-point padding, 1-pixel shift, a 6×6 block, 2 % noise,
/// lighter text), the same on a clear background, and random noise and gradients. Small images
/// at scale 1 (some at 2), so that pure-Python pixelmatch gets through them in a few seconds.
enum ReferencePairs {
  enum Change: String, CaseIterable {
    case textColor, labelColor, fontSize, halfPointPadding, shift, block, noise, lighterText
  }

  static func make(seed: UInt64, rendersPerChange: Int, translucentPerChange: Int, synthetic: Int)
    throws -> [ImagePair]
  {
    var random = SplitMix64(seed: seed)
    var pairs: [ImagePair] = []
    func add(_ kind: String, _ pair: (Image, Image)) {
      pairs.append(
        ImagePair(name: "\(pairs.count + 1000)-\(kind)", expected: pair.0, actual: pair.1))
    }
    let renderer = try Renderer()
    for change in Change.allCases {
      for _ in 0..<rendersPerChange {
        add(change.rawValue, try rendered(change, clear: false, &random, renderer))
      }
    }
    for change in [Change.textColor, .shift, .halfPointPadding, .lighterText] {
      for _ in 0..<translucentPerChange {
        add("clear-" + change.rawValue, try rendered(change, clear: true, &random, renderer))
      }
    }
    for _ in 0..<synthetic {
      add("randomNoise", noise(&random))
      add("gradient", gradient(&random))
    }
    return pairs
  }

  /// A random component rendered before and after `change`. When the change makes the render
  /// taller or wider (a larger font), both are placed on one canvas of the background color,
  /// like screenshots of a fixed size.
  private static func rendered(
    _ change: Change, clear: Bool, _ random: inout SplitMix64, _ renderer: Renderer
  ) throws -> (Image, Image) {
    let size = random.int(in: 9...13)
    var component = ExpandableText(text: words(&random))
      .font(.custom("DejaVu Sans \(size)"))
      .lineLimit(random.int(in: 1...2))
      .truncationStyle(random.pick(TruncationStyle.allCases))
      .foregroundColor(clear && random.unit() < 0.5 ? .white : color(&random, dark: true))
      .expandButton(
        TextSet(text: random.pick(["more", "More", "Read more"]), color: color(&random)))
    let scale = random.unit() < 0.15 ? 2 : 1
    var options = RenderOptions(
      width: Double(random.int(in: 50...100) / scale), scale: scale,
      appearance: random.pick([.light, .dark]), background: clear ? .clear : nil,
      state: random.unit() < 0.15 ? .expanded : .collapsed)
    let before = try renderer.render(component, options: options).image!
    switch change {
    case .shift: return (before, shifted(before, down: random.unit() < 0.5))
    case .block: return (before, withBlock(before, &random))
    case .noise: return (before, withNoise(before, share: 0.02, &random))
    case .textColor: component = component.foregroundColor(color(&random))
    case .labelColor: component.expandButton.color = color(&random)
    case .fontSize: component = component.font(.custom("DejaVu Sans \(size + 1)"))
    case .halfPointPadding: options.padding = EdgeInsets(leading: 0.5)
    case .lighterText:
      let resolved = component.foregroundColor.resolved(in: options.appearance)
      func lighter(_ c: Double) -> Double { c + (1 - c) * 0.3 }
      component = component.foregroundColor(
        Color(
          Color.RGBA(
            red: lighter(resolved.red), green: lighter(resolved.green),
            blue: lighter(resolved.blue), alpha: resolved.alpha)))
    }
    let after = try renderer.render(component, options: options).image!
    let background = (options.background ?? .systemBackground).resolved(in: options.appearance)
    let fill = [background.red, background.green, background.blue, background.alpha].map {
      UInt8(($0 * 255).rounded())
    }
    let width = max(before.width, after.width)
    let height = max(before.height, after.height)
    return (
      padded(before, width, height, fill: fill), padded(after, width, height, fill: fill)
    )
  }

  /// `image` at the top left of a `width`×`height` canvas filled with `fill`.
  private static func padded(_ image: Image, _ width: Int, _ height: Int, fill: [UInt8]) -> Image {
    guard image.width != width || image.height != height else { return image }
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        guard x < image.width, y < image.height else {
          rgba += fill
          continue
        }
        let index = (y * image.width + x) * 4
        rgba += image.rgba[index..<index + 4]
      }
    }
    return Image(width: width, height: height, rgba: rgba)
  }

  private static func words(_ random: inout SplitMix64) -> String {
    let vocabulary = [
      "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Swift", "pixel", "golden",
      "image", "diff", "Ångström", "naïve", "1,234", "—", "wrap", "edge", "ink", "WWW", "mill",
    ]
    return (0..<random.int(in: 4...16)).map { _ in random.pick(vocabulary) }.joined(separator: " ")
  }

  private static func color(_ random: inout SplitMix64, dark: Bool = false) -> Color {
    let top = dark ? 0.6 : 1
    return Color(
      Color.RGBA(
        red: random.unit() * top, green: random.unit() * top, blue: random.unit() * top))
  }

  /// `image` moved one pixel right or down; the first column or row repeats.
  private static func shifted(_ image: Image, down: Bool) -> Image {
    remapped(image) { x, y in down ? (x, max(0, y - 1)) : (max(0, x - 1), y) }
  }

  private static func remapped(_ image: Image, _ source: (Int, Int) -> (Int, Int)) -> Image {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(image.rgba.count)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let (sx, sy) = source(x, y)
        let index = (sy * image.width + sx) * 4
        rgba += image.rgba[index..<index + 4]
      }
    }
    return Image(width: image.width, height: image.height, rgba: rgba)
  }

  /// `image` with a 6×6 block of one random opaque color (clipped to a smaller image).
  private static func withBlock(_ image: Image, _ random: inout SplitMix64) -> Image {
    let left = random.int(in: 0...max(0, image.width - 6))
    let top = random.int(in: 0...max(0, image.height - 6))
    let fill = randomPixel(&random, levels: 256)
    var rgba = image.rgba
    for y in top..<min(top + 6, image.height) {
      for x in left..<min(left + 6, image.width) {
        let index = (y * image.width + x) * 4
        rgba.replaceSubrange(index..<index + 4, with: fill)
      }
    }
    return Image(width: image.width, height: image.height, rgba: rgba)
  }

  /// `image` with `share` of its pixels set to random opaque colors.
  private static func withNoise(_ image: Image, share: Double, _ random: inout SplitMix64)
    -> Image
  {
    var rgba = image.rgba
    for index in stride(from: 0, to: rgba.count, by: 4) where random.unit() < share {
      rgba.replaceSubrange(index..<index + 4, with: randomPixel(&random, levels: 256))
    }
    return Image(width: image.width, height: image.height, rgba: rgba)
  }

  /// An opaque color whose channels take `levels` values; few levels give many equal
  /// neighbours, where the order neighbours are visited in decides ties.
  private static func randomPixel(_ random: inout SplitMix64, levels: Int, gray: Bool = false)
    -> [UInt8]
  {
    func channel() -> UInt8 { UInt8(random.int(in: 0...(levels - 1)) * 255 / (levels - 1)) }
    let red = channel()
    return gray ? [red, red, red, 255] : [red, channel(), channel(), 255]
  }

  /// Random noise, and the same with a random share of its pixels redrawn.
  private static func noise(_ random: inout SplitMix64) -> (Image, Image) {
    let width = random.int(in: 8...48)
    let height = random.int(in: 8...40)
    let levels = random.pick([2, 3, 4, 256])
    let gray = random.unit() < 0.5
    var first: [UInt8] = []
    for _ in 0..<(width * height) { first += randomPixel(&random, levels: levels, gray: gray) }
    let share = random.unit() * 0.4
    var second = first
    for index in stride(from: 0, to: second.count, by: 4) where random.unit() < share {
      second.replaceSubrange(
        index..<index + 4, with: randomPixel(&random, levels: levels, gray: gray))
    }
    return (
      Image(width: width, height: height, rgba: first),
      Image(width: width, height: height, rgba: second)
    )
  }

  /// A quantized linear gradient, and the same moved by a pixel or with its phase or slope
  /// changed; the flat steps give pixels with many equal neighbours.
  private static func gradient(_ random: inout SplitMix64) -> (Image, Image) {
    let width = random.int(in: 8...64)
    let height = random.int(in: 8...40)
    let direction = (dx: Double(random.int(in: -2...2)), dy: Double(random.int(in: -2...2)))
    let step = Double(random.pick([1, 8, 24, 48, 96]))
    let tint = (random.unit(), random.unit(), random.unit())
    func image(offset: Double, slope: Double) -> Image {
      var rgba: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          let t = (Double(x) * direction.dx + Double(y) * direction.dy) * slope + offset
          let level = (abs(t).truncatingRemainder(dividingBy: 256) / step).rounded(.down) * step
          func channel(_ weight: Double) -> UInt8 { UInt8(min(255, level * (0.4 + weight))) }
          rgba += [channel(tint.0), channel(tint.1), channel(tint.2), 255]
        }
      }
      return Image(width: width, height: height, rgba: rgba)
    }
    let slope = 2 + random.unit() * 30
    let offset = random.unit() * 64
    let original = image(offset: offset, slope: slope)
    switch random.int(in: 0...2) {
    case 0: return (original, shifted(original, down: random.unit() < 0.5))
    case 1: return (original, image(offset: offset + 8 + random.unit() * 32, slope: slope))
    default: return (original, image(offset: offset, slope: slope * (1.05 + random.unit() * 0.25)))
    }
  }
}
