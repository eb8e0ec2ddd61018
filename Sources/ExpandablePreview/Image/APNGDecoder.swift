import Foundation

/// An animated PNG read back frame by frame: each frame is the whole canvas as a viewer shows
/// it, after the frame's region was blended in and the frame before was disposed of.
public struct APNGAnimation: Sendable {
  /// One displayed frame and how it was stored.
  public struct Frame: Sendable {
    /// The whole canvas as a viewer shows it during this frame.
    public let image: Image
    /// Seconds the frame is shown (a zero denominator counts as 100, as the format says).
    public let delay: Double
    /// The region the frame's data covers.
    public let region: PixelRect
    /// What happened to the region before the next frame.
    public let disposeOp: DisposeOp
    /// How the frame's pixels met the canvas.
    public let blendOp: BlendOp
  }

  /// The canvas width in pixels.
  public let width: Int
  /// The canvas height in pixels.
  public let height: Int
  /// How many times it plays; 0 loops forever.
  public let plays: Int
  /// The frames in the order they play.
  public let frames: [Frame]

  /// Decodes an APNG of 8-bit grayscale, gray-alpha, RGB or RGBA samples, not interlaced, with
  /// the project's chunk reader and libdeflate.
  ///
  /// - Throws: ``RenderError/png(_:)`` saying what is wrong; a plain PNG (no `acTL`) is refused
  ///   as "not an animated PNG".
  public init(data: Data) throws(RenderError) {
    var reader = try PNGChunkReader(data)
    var header: (width: Int, height: Int, channels: Int)? = nil
    var control: (frames: Int, plays: Int)? = nil
    var pending: FrameControl? = nil
    var pendingData = Data()
    var nextSequence: UInt32 = 0
    var composer: APNGComposer? = nil
    let decompressor = try DeflateDecompressor()

    func finishPending() throws(RenderError) {
      guard let frame = pending, let header, var current = composer else { return }
      let filtered = try Self.inflate(
        pendingData, width: frame.region.width, height: frame.region.height,
        channels: header.channels, decompressor)
      let samples = try PNGUnfilter.unfilter(
        filtered, width: frame.region.width, height: frame.region.height,
        channels: header.channels)
      current.add(frame, samples: samples, channels: header.channels)
      composer = current
      pending = nil
      pendingData = Data()
    }

    var sawImageData = false
    while let chunk = try reader.next() {
      switch chunk.type {
      case "IHDR":
        header = try Self.header(chunk.body)
        composer = APNGComposer(width: header!.width, height: header!.height)
      case "acTL":
        guard chunk.body.count == 8 else { throw .png("acTL chunk has the wrong length") }
        control = (
          Int(PNGChunkReader.bigEndian(chunk.body, at: 0)),
          Int(PNGChunkReader.bigEndian(chunk.body, at: 4))
        )
      case "fcTL":
        try finishPending()
        guard let header else { throw .png("fcTL before IHDR") }
        let frame = try FrameControl(
          chunk.body, canvasWidth: header.width, canvasHeight: header.height)
        guard frame.sequence == nextSequence else {
          throw .png("fcTL has sequence number \(frame.sequence), expected \(nextSequence)")
        }
        nextSequence += 1
        if let control, (composer?.frames.count ?? 0) >= control.frames {
          throw .png("the file holds more frames than the \(control.frames) its acTL announces")
        }
        if composer?.frames.isEmpty == true && !sawImageData
          && frame.region != PixelRect(x: 0, y: 0, width: header.width, height: header.height)
        {
          throw .png("the first frame must cover the whole canvas")
        }
        pending = frame
      case "IDAT":
        sawImageData = true
        // Image data without an fcTL before it is a default image outside the animation.
        if pending != nil { pendingData.append(chunk.body) }
      case "fdAT":
        guard chunk.body.count >= 4 else { throw .png("fdAT chunk is too short") }
        let sequence = PNGChunkReader.bigEndian(chunk.body, at: 0)
        guard sequence == nextSequence else {
          throw .png("fdAT has sequence number \(sequence), expected \(nextSequence)")
        }
        nextSequence += 1
        guard pending != nil else { throw .png("fdAT without an fcTL before it") }
        pendingData.append(chunk.body.dropFirst(4))
      case "IEND":
        try finishPending()
      default:
        // Ancillary chunks (lowercase first letter) may be skipped; critical ones may not.
        guard let first = chunk.type.unicodeScalars.first, first.properties.isLowercase else {
          throw .png("unsupported critical chunk \(chunk.type)")
        }
      }
    }
    guard let header, let composer else { throw .png("no IHDR chunk") }
    guard let control else { throw .png("not an animated PNG: it has no acTL chunk") }
    guard composer.frames.count == control.frames else {
      throw .png(
        "acTL announces \(control.frames) frames but the file holds \(composer.frames.count)")
    }
    width = header.width
    height = header.height
    plays = control.plays
    frames = composer.frames
  }

  /// What the `acTL` chunk announces, read without decoding any frame: the chunks before the
  /// first image data, where the format puts `acTL`. `nil` when there is none (a plain PNG).
  /// A comparison checks the frame count and plays with this first, so a small file announcing
  /// thousands of frames costs nothing to refuse.
  ///
  /// - Throws: ``RenderError/png(_:)`` when the chunks up to there are damaged.
  public static func announcement(in data: Data) throws(RenderError) -> (frames: Int, plays: Int)? {
    var reader = try PNGChunkReader(data)
    while let chunk = try reader.next() {
      switch chunk.type {
      case "acTL":
        guard chunk.body.count == 8 else { throw .png("acTL chunk has the wrong length") }
        return (
          Int(PNGChunkReader.bigEndian(chunk.body, at: 0)),
          Int(PNGChunkReader.bigEndian(chunk.body, at: 4))
        )
      case "IDAT", "IEND": return nil
      default: continue
      }
    }
    return nil
  }

  private static func header(_ body: Data) throws(RenderError) -> (
    width: Int, height: Int, channels: Int
  ) {
    guard body.count == 13 else { throw .png("IHDR chunk has the wrong length") }
    let width = Int(PNGChunkReader.bigEndian(body, at: 0))
    let height = Int(PNGChunkReader.bigEndian(body, at: 4))
    let (depth, colorType, interlace) = (body[8], body[9], body[12])
    let channels: Int
    switch colorType {
    case 0: channels = 1
    case 2: channels = 3
    case 4: channels = 2
    case 6: channels = 4
    default: throw .png("unsupported color type \(colorType) (palette images are not read)")
    }
    guard depth == 8 else { throw .png("unsupported bit depth \(depth) (only 8 is read)") }
    guard interlace == 0 else { throw .png("interlaced images are not read") }
    guard width > 0, height > 0, width * height <= RenderLimits.maxPixels else {
      throw .imageTooLarge(width: width, height: height)
    }
    return (width, height, channels)
  }

  private static func inflate(
    _ data: Data, width: Int, height: Int, channels: Int, _ decompressor: DeflateDecompressor
  ) throws(RenderError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: (width * channels + 1) * height)
    let result = data.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { buffer in
        Result { () throws(RenderError) in try decompressor.zlibDecompress(input, into: buffer) }
      }
    }
    try result.get()
    return output
  }
}

/// An `fcTL` chunk's fields.
struct FrameControl {
  let sequence: UInt32
  let region: PixelRect
  let delay: Double
  let disposeOp: APNGAnimation.DisposeOp
  let blendOp: APNGAnimation.BlendOp

  init(_ body: Data, canvasWidth: Int, canvasHeight: Int) throws(RenderError) {
    guard body.count == 26 else { throw .png("fcTL chunk has the wrong length") }
    sequence = PNGChunkReader.bigEndian(body, at: 0)
    region = PixelRect(
      x: Int(PNGChunkReader.bigEndian(body, at: 12)),
      y: Int(PNGChunkReader.bigEndian(body, at: 16)),
      width: Int(PNGChunkReader.bigEndian(body, at: 4)),
      height: Int(PNGChunkReader.bigEndian(body, at: 8)))
    guard region.width > 0, region.height > 0, region.x + region.width <= canvasWidth,
      region.y + region.height <= canvasHeight
    else { throw .png("frame \(sequence) region lies outside the canvas") }
    let numerator = PNGChunkReader.bigEndian16(body, at: 20)
    let denominator = PNGChunkReader.bigEndian16(body, at: 22)
    delay = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
    guard let disposeOp = APNGAnimation.DisposeOp(rawValue: body[24]),
      let blendOp = APNGAnimation.BlendOp(rawValue: body[25])
    else { throw .png("frame \(sequence) has an unknown dispose or blend op") }
    self.disposeOp = disposeOp
    self.blendOp = blendOp
  }
}

/// The canvas a viewer keeps while playing an APNG (APNG specification, "Output buffer").
struct APNGComposer {
  let width: Int
  let height: Int
  /// Straight RGBA, starting fully transparent black.
  private var canvas: [UInt8]
  private(set) var frames: [APNGAnimation.Frame] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    canvas = [UInt8](repeating: 0, count: width * height * 4)
  }

  mutating func add(_ frame: FrameControl, samples: [UInt8], channels: Int) {
    let region = frame.region
    // The first frame's "previous" disposal counts as "background" (the specification says so).
    let dispose = frames.isEmpty && frame.disposeOp == .previous ? .background : frame.disposeOp
    let saved = dispose == .previous ? canvas : nil
    for row in 0..<region.height {
      for column in 0..<region.width {
        let source = Self.rgba(samples, (row * region.width + column) * channels, channels)
        let target = ((region.y + row) * width + region.x + column) * 4
        let blended =
          frame.blendOp == .source
          ? source : Self.over(source, Array(canvas[target..<(target + 4)]))
        canvas.replaceSubrange(target..<(target + 4), with: blended)
      }
    }
    frames.append(
      .init(
        image: Image(width: width, height: height, rgba: canvas), delay: frame.delay,
        region: region, disposeOp: frame.disposeOp, blendOp: frame.blendOp))
    if dispose == .background {
      for row in 0..<region.height {
        let start = ((region.y + row) * width + region.x) * 4
        canvas.replaceSubrange(
          start..<(start + region.width * 4), with: repeatElement(0, count: region.width * 4))
      }
    } else if let saved {
      canvas = saved
    }
  }

  /// A sample of 1 to 4 channels as RGBA.
  private static func rgba(_ samples: [UInt8], _ index: Int, _ channels: Int) -> [UInt8] {
    switch channels {
    case 1: [samples[index], samples[index], samples[index], 255]
    case 2: [samples[index], samples[index], samples[index], samples[index + 1]]
    case 3: [samples[index], samples[index + 1], samples[index + 2], 255]
    default: Array(samples[index..<(index + 4)])
    }
  }

  /// Straight-alpha "over" as the APNG specification writes it, rounded to nearest.
  private static func over(_ source: [UInt8], _ target: [UInt8]) -> [UInt8] {
    let alpha = Int(source[3])
    if alpha == 255 { return source }
    if alpha == 0 { return target }
    let u = alpha * 255
    let v = (255 - alpha) * Int(target[3])
    let total = u + v
    var result = (0..<3).map {
      UInt8((Int(source[$0]) * u + Int(target[$0]) * v + total / 2) / total)
    }
    result.append(UInt8((total + 127) / 255))
    return result
  }
}
