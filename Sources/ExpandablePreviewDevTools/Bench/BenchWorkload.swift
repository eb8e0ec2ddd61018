@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Which PNG writer writes the files.
enum BenchEncoder: String, Sendable, CaseIterable {
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
    let component = component(texts[item])
    let options = Self.options(state)
    let png: Data
    let layout: LayoutResult
    if encoder == .libdeflate && !comparesEncoders {
      // What `render` does: encoded where Cairo drew, in the renderer's reused buffers.
      let result = try renderer.renderPNG(component, options: options)
      (png, layout) = (result.png!, result.layout)
      stats.encodeSeconds += result.encodeSeconds
    } else {
      // Through an ``Image``, so both writers encode the same pixels.
      let result = try renderer.render(component, options: options)
      let image = result.image!
      let seconds: Double
      (png, seconds) = try timedEncode(image, with: encoder)
      stats.encodeSeconds += seconds
      if comparesEncoders {
        let other: BenchEncoder = encoder == .cairo ? .libdeflate : .cairo
        let (otherPNG, otherSeconds) = try timedEncode(image, with: other)
        stats.otherEncodeSeconds += otherSeconds
        stats.otherEncodeBytes += otherPNG.count
      }
      layout = result.layout
    }
    if state == .collapsed {
      stats.collapsedRenders += 1
      stats.collapsedLayoutsTotal += layout.layouts
      stats.maxLayoutsPerCollapsed = max(stats.maxLayoutsPerCollapsed, layout.layouts)
    }
    let name = String(format: "%04d-%@.png", item, state.rawValue)
    try AtomicFile.write(png, to: output.appendingPathComponent(name))
    stats.renders += 1
    stats.bytesWritten += png.count
    stats.pixels += Int(layout.pixelSize.width * layout.pixelSize.height)
  }

  /// Encodes `image` and measures the thread's CPU time; Cairo's writer is timed from a ready
  /// surface, as a render would leave it, so copying the pixels into one is not counted
  /// against it.
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
    let start = ThreadCPUClock.seconds
    let value = try body()
    return (value, ThreadCPUClock.seconds - start)
  }
}
