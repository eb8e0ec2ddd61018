@_spi(Benchmark) import ExpandablePreview
import Foundation

/// Which PNG writer writes the files.
enum BenchEncoder: String, Sendable {
  /// The package's own encoder (``Image/pngData()``).
  case libdeflate
  /// Cairo's `cairo_surface_write_to_png_stream`, for comparison.
  case cairo
}

/// One benchmark render: text `index / 2` of the corpus (cycling) in the collapsed (even) or
/// expanded (odd) state, drawn, encoded and written atomically.
struct BenchWorkload: Sendable {
  let texts: [String]
  let output: URL
  let encoder: BenchEncoder
  let comparesEncoders: Bool
  var style = TruncationStyle.fade

  /// The setting: width 327 pt, 3 lines, scale 2, DejaVu Sans 17 (fade by default).
  func component(_ text: String) -> ExpandableText {
    ExpandableText(text: text).font(.custom("DejaVu Sans 17")).lineLimit(3)
      .truncationStyle(style)
  }

  static func options(_ state: ExpansionState) -> RenderOptions {
    RenderOptions(width: 327, scale: 2, state: state)
  }

  func render(_ index: Int, with renderer: Renderer, into stats: inout BenchStats) throws {
    let item = index / 2 % texts.count
    let state: ExpansionState = index % 2 == 0 ? .collapsed : .expanded
    let result = try renderer.render(component(texts[item]), options: Self.options(state))
    if state == .collapsed {
      stats.collapsedRenders += 1
      stats.collapsedLayoutsTotal += result.layout.layouts
      stats.maxLayoutsPerCollapsed = max(stats.maxLayoutsPerCollapsed, result.layout.layouts)
    }
    let image = result.image
    let (png, seconds) = try timedEncode(image, with: encoder)
    stats.encodeSeconds += seconds
    if comparesEncoders {
      let other: BenchEncoder = encoder == .cairo ? .libdeflate : .cairo
      let (otherPNG, otherSeconds) = try timedEncode(image, with: other)
      stats.otherEncodeSeconds += otherSeconds
      stats.otherEncodeBytes += otherPNG.count
    }
    let name = String(format: "%04d-%@.png", item, state.rawValue)
    try AtomicFile.write(png, to: output.appendingPathComponent(name))
    stats.renders += 1
    stats.bytesWritten += png.count
    stats.pixels += image.width * image.height
  }

  /// Encodes `image` and measures the thread's CPU time (steadier than wall time on a shared
  /// machine); Cairo's writer is timed from a ready surface, as a render
  /// would leave it, so copying the pixels into one is not counted against it.
  private func timedEncode(_ image: Image, with encoder: BenchEncoder) throws -> (Data, Double) {
    switch encoder {
    case .libdeflate: return try Self.threadCPUTimed { try image.pngData() }
    case .cairo:
      let writer = try CairoPNGWriter(image)
      return try Self.threadCPUTimed { try writer.pngData() }
    }
  }

  static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    return (value, (ContinuousClock.now - start).seconds)
  }

  static func threadCPUTimed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = threadCPUSeconds()
    let value = try body()
    return (value, threadCPUSeconds() - start)
  }

  /// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`.
  private static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension Duration {
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
