import Foundation

/// Writes an animated PNG frame by frame (`acTL`, then per frame `fcTL` and `IDAT` or `fdAT`),
/// with the project's chunk writer, Sub filter and libdeflate, since Debian's libpng has no
/// APNG support. Each frame after the first stores only the rectangle that changed since the
/// previous one, and the canvas is never disposed of (dispose op NONE), so what lies outside
/// the rectangle is the previous frame. Opaque animations blend the rectangle over it (blend
/// op OVER) with every unchanged pixel inside it left fully transparent, which deflates to
/// almost nothing; that needs the alpha channel, which costs little since it is constant.
/// Animations with translucent pixels replace the rectangle (blend op SOURCE), since "over"
/// could not set a translucent pixel. No time or text chunks: the same frames give the same
/// bytes.
final class APNGEncoder {
  let width: Int
  let height: Int
  let frameCount: Int
  /// Whether frames after the first blend over the canvas (every frame opaque).
  private let blendsOver: Bool
  private var data = Data()
  /// The last frame's packed RGBA pixels, to find what changed.
  private var previous: [UInt8]
  private var sequence: UInt32 = 0
  private var framesWritten = 0
  private let compressor: DeflateCompressor
  private let region = ScratchBuffer()
  private let chunks = ScratchBuffer()

  /// fcTL chunk: length, type, 26-byte body, CRC.
  private static let frameControlSize = 12 + 26

  /// - Parameters:
  ///   - isOpaque: whether every frame will be opaque (then the file drops the alpha channel).
  ///   - plays: how many times the animation plays; 0 loops forever.
  init(
    width: Int, height: Int, frameCount: Int, plays: Int, isOpaque: Bool,
    compressionLevel: Int32 = PNGEncoder().compressionLevel
  ) throws(RenderError) {
    guard width > 0, height > 0, frameCount > 0 else {
      throw .png("an animated PNG needs a canvas and at least one frame")
    }
    self.width = width
    self.height = height
    self.frameCount = frameCount
    blendsOver = isOpaque
    previous = [UInt8](repeating: 0, count: width * height * 4)
    compressor = try DeflateCompressor(level: compressionLevel)
    let header = chunks.reserve(8 + 25 + 20)
    var writer = PNGChunkWriter(buffer: header)
    writer.append(PNGChunkWriter.signature)
    writer.beginChunk("IHDR", length: 13)
    writer.appendBigEndian(UInt32(width))
    writer.appendBigEndian(UInt32(height))
    writer.append([8, 6, 0, 0, 0])  // 8-bit RGBA
    writer.endChunk()
    writer.beginChunk("acTL", length: 8)
    writer.appendBigEndian(UInt32(frameCount))
    writer.appendBigEndian(UInt32(plays))
    writer.endChunk()
    data.append(contentsOf: UnsafeRawBufferPointer(rebasing: header[..<writer.offset]))
  }

  /// Adds a frame of packed straight-alpha RGBA pixels (`width × height × 4` bytes), shown for
  /// `delayNumerator / delayDenominator` seconds. Only `changedRows` may differ from the frame
  /// before (all rows for the first frame); `isOpaque` says whether those rows are opaque.
  func append(
    rgba pixels: UnsafeRawBufferPointer, changedRows: Range<Int>? = nil, isOpaque: Bool,
    delayNumerator: UInt16, delayDenominator: UInt16
  ) throws(RenderError) {
    let rows = framesWritten == 0 ? 0..<height : (changedRows ?? 0..<height)
    precondition(pixels.count == width * height * 4, "frame does not match the canvas")
    guard framesWritten < frameCount else {
      throw .png("more frames than the \(frameCount) announced in acTL")
    }
    guard isOpaque || !blendsOver else {
      throw .png("frame \(framesWritten) is translucent in an animation declared opaque")
    }
    let changed =
      framesWritten == 0
      ? PixelRect(x: 0, y: 0, width: width, height: height)
      : previous.withUnsafeBytes {
        Self.changedRect(from: $0, to: pixels, width: width, rows: rows)
      }
        // Nothing changed: a frame still needs a region, so repeat one pixel.
        ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    let isFirst = framesWritten == 0
    let blendOp: APNGAnimation.BlendOp = blendsOver && !isFirst ? .over : .source
    let filtered = filteredRegion(changed, of: pixels, clearingUnchanged: blendOp == .over)
    let buffer = chunks.reserve(
      Self.frameControlSize + 12 + 4 + compressor.zlibBound(filtered.count))
    var writer = PNGChunkWriter(buffer: buffer)
    writer.beginChunk("fcTL", length: 26)
    writer.appendBigEndian(nextSequence())
    writer.appendBigEndian(UInt32(changed.width))
    writer.appendBigEndian(UInt32(changed.height))
    writer.appendBigEndian(UInt32(changed.x))
    writer.appendBigEndian(UInt32(changed.y))
    writer.appendBigEndian(delayNumerator)
    writer.appendBigEndian(delayDenominator)
    writer.append([APNGAnimation.DisposeOp.none.rawValue, blendOp.rawValue])
    writer.endChunk()
    writer.beginChunk(isFirst ? "IDAT" : "fdAT", length: 0)
    if !isFirst { writer.appendBigEndian(nextSequence()) }
    let bodyStart = writer.offset
    let compressed = try compressor.zlibCompress(
      filtered,
      into: UnsafeMutableRawBufferPointer(rebasing: buffer[writer.offset..<(buffer.count - 4)]))
    writer.offset += compressed
    writer.setChunkLength(writer.offset - bodyStart + (isFirst ? 0 : 4))
    writer.endChunk()
    data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<writer.offset]))
    let changedBytes = (rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)
    previous.withUnsafeMutableBytes {
      UnsafeMutableRawBufferPointer(rebasing: $0[changedBytes])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[changedBytes]))
    }
    framesWritten += 1
  }

  /// The file, once every announced frame has been added.
  func finish() throws(RenderError) -> Data {
    guard framesWritten == frameCount else {
      throw .png("\(framesWritten) frames written of the \(frameCount) announced in acTL")
    }
    var end = data
    end.append(contentsOf: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    return end
  }

  /// The rows of `rect` copied out of `pixels` and Sub-filtered for the stream; with
  /// `clearingUnchanged`, pixels equal to the previous frame's become transparent black.
  private func filteredRegion(
    _ rect: PixelRect, of pixels: UnsafeRawBufferPointer, clearingUnchanged: Bool
  ) -> UnsafeRawBufferPointer {
    let buffer = region.reserve(
      PNGSubFilter.inPlaceCapacity(width: rect.width, height: rect.height))
    let rowBytes = rect.width * 4
    previous.withUnsafeBytes { old in
      for row in 0..<rect.height {
        let source = ((rect.y + row) * width + rect.x) * 4
        let target = buffer.baseAddress! + row * rowBytes
        target.copyMemory(from: pixels.baseAddress! + source, byteCount: rowBytes)
        guard clearingUnchanged else { continue }
        let words = target.assumingMemoryBound(to: UInt32.self)
        let oldWords = (old.baseAddress! + source).assumingMemoryBound(to: UInt32.self)
        for column in 0..<rect.width where words[column] == oldWords[column] {
          words[column] = 0
        }
      }
    }
    let count = PNGSubFilter.applyInPlace(
      buffer, width: rect.width, height: rect.height, channels: 4)
    return UnsafeRawBufferPointer(rebasing: buffer[..<count])
  }

  private func nextSequence() -> UInt32 {
    defer { sequence += 1 }
    return sequence
  }

  /// The smallest rectangle holding every pixel in `rows` that differs between two frames of
  /// packed RGBA, or `nil` when they are equal there.
  static func changedRect(
    from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer, width: Int,
    rows: Range<Int>
  ) -> PixelRect? {
    let rowBytes = width * 4
    var top = Int.max
    var bottom = -1
    var left = width
    var right = -1
    for row in rows {
      let start = row * rowBytes
      let a = old.baseAddress! + start
      let b = new.baseAddress! + start
      guard memcmp(a, b, rowBytes) != 0 else { continue }
      top = min(top, row)
      bottom = row
      let oldWords = a.assumingMemoryBound(to: UInt32.self)
      let newWords = b.assumingMemoryBound(to: UInt32.self)
      var first = 0
      while first < left && oldWords[first] == newWords[first] { first += 1 }
      left = min(left, first)
      var last = width - 1
      while last > right && oldWords[last] == newWords[last] { last -= 1 }
      right = max(right, last)
    }
    guard bottom >= 0 else { return nil }
    return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }
}

/// A rectangle of whole pixels from the image's top-left corner.
public struct PixelRect: Sendable, Hashable, Codable {
  /// The left edge, in pixels from the image's left.
  public var x: Int
  /// The top edge, in pixels from the image's top.
  public var y: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A rectangle with its top-left corner at (`x`, `y`).
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
