import ExpandablePreview
import Foundation

/// What a job's layout part from the cache must look like to be used: values a render of the
/// job could have given. No digest covers them (they are the writer's word), so a forged entry
/// could otherwise put 1e300, a negative size or a frame far outside the image into
/// `layout.json`; and the files' sizes are bounded by what an image of that canvas can take.
/// Each kind's part (``FileLayoutPart``) holds itself to these; what they share is here.
extension FileLayout {
  /// The most frames an animation's part may list: far beyond any animation (60 fps for more
  /// than a minute), far below a flood.
  static let maxFrames = 4096

  /// The largest file a job can write as `format` of a canvas of `pixels` drawn `frames`
  /// times showing `text` bytes: an uncompressed PNG of the canvas (each frame), or for a
  /// vector file a bound that grows with the visible text. Each kind's part
  /// (``FileLayoutPart/maxBytes(of:)``) says which canvas, frames and text it has.
  static func maxBytes(of format: OutputFormat, pixels: Size, frames: Int, text: Int) -> Int {
    switch format {
    case .png:
      // RGBA rows each with a filter byte, 1 % for deflate's stored blocks and chunking, and
      // 64 KiB for the headers.
      let frame = (Int(pixels.width) * 4 + 1) * Int(pixels.height)
      return frames * (frame + frame / 100 + 4096) + (64 << 10)
    case .svg, .pdf: return (8 << 20) + 1024 * text
    }
  }
}

extension LayoutResult {
  /// Why this cannot be a still rendered with `options`; nil when it is plausible: its width
  /// is the options' in points and pixels, its height within the image limits, every frame
  /// finite and inside the image, its counts not negative.
  func implausibility(for options: RenderOptions) -> String? {
    let scale = Double(options.scale)
    guard size.width == options.width, size.height.isFinite, size.height > 0,
      pixelSize.width == (options.width * scale).rounded(.up),
      pixelSize.height == (size.height * scale).rounded(.up),
      pixelSize.width * pixelSize.height <= Double(RenderLimits.maxPixels),
      max(pixelSize.width, pixelSize.height) <= Double(RenderLimits.maxPixelSide)
    else { return "its size is not one of this job's images" }
    guard lines >= 0, layouts >= 0, visibleText.utf8.count <= RenderLimits.maxTextBytes else {
      return "its counts are out of range"
    }
    let frames =
      [label, fade, textFrame].compactMap { $0 } + lineFrames + links.flatMap(\.frames)
      + accessibilityElements.map(\.frame)
    guard frames.allSatisfy({ $0.lies(within: size) }) else {
      return "a frame lies outside the image"
    }
    return nil
  }
}

extension Rect {
  /// Whether the rectangle is finite, not negative in size, and inside a canvas of `size`
  /// (with a point to spare for rounding).
  fileprivate func lies(within size: Size) -> Bool {
    [x, y, width, height].allSatisfy(\.isFinite) && width >= 0 && height >= 0 && x >= -1
      && y >= -1 && x + width <= size.width + 1 && y + height <= size.height + 1
  }
}

extension Size {
  var isFinite: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }

  /// This size with `height`.
  func heightened(to height: Double) -> Size { Size(width: width, height: height) }
}
