@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import TestSupport
import Testing

@_spi(Benchmark) @testable import ExpandablePreview

/// The APNG writer and reader: frame regions, read-back, an independent decoder (Pillow).
@Suite struct APNGTests {
  /// Every pixel compared, one by one: the reference for the encoder's changed rectangle.
  static func referenceChangedRect(_ old: [UInt8], _ new: [UInt8], width: Int, height: Int)
    -> PixelRect?
  {
    var changed: [(Int, Int)] = []
    for y in 0..<height {
      for x in 0..<width
      where old[(y * width + x) * 4..<(y * width + x) * 4 + 4]
        != new[(y * width + x) * 4..<(y * width + x) * 4 + 4]
      {
        changed.append((x, y))
      }
    }
    guard !changed.isEmpty else { return nil }
    let xs = changed.map(\.0)
    let ys = changed.map(\.1)
    return PixelRect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + 1,
      height: ys.max()! - ys.min()! + 1)
  }

  @Test func changedRectMatchesThePixelByPixelReference() {
    var random = SplitMix64(seed: 1414)
    for _ in 0..<300 {
      let width = random.int(in: 1...12)
      let height = random.int(in: 1...12)
      let old = (0..<(width * height * 4)).map { _ in UInt8(random.int(in: 0...3)) }
      var new = old
      for _ in 0..<random.int(in: 0...3) {
        new[random.int(in: 0...(new.count - 1))] ^= UInt8(random.int(in: 1...255))
      }
      let fast = old.withUnsafeBytes { a in
        new.withUnsafeBytes { b in
          APNGEncoder.changedRect(from: a, to: b, width: width, rows: 0..<height)
        }
      }
      #expect(fast == Self.referenceChangedRect(old, new, width: width, height: height))
    }
  }

  /// Random frames, opaque or translucent, written and read back exactly.
  @Test(arguments: [true, false])
  func randomFramesRoundTrip(opaque: Bool) throws {
    var random = SplitMix64(seed: opaque ? 7 : 8)
    let (width, height) = (9, 7)
    var frames: [Image] = []
    var rgba = (0..<(width * height * 4)).map { index in
      opaque && index % 4 == 3 ? 255 : UInt8(random.int(in: 0...255))
    }
    for _ in 0..<6 {
      frames.append(Image(width: width, height: height, rgba: rgba))
      // Change a random block (sometimes nothing) for the next frame.
      let x = random.int(in: 0...(width - 1))
      let y = random.int(in: 0...(height - 1))
      for row in y..<min(height, y + random.int(in: 0...3)) {
        for column in x..<min(width, x + 3) {
          for channel in 0..<(opaque ? 3 : 4) {
            rgba[(row * width + column) * 4 + channel] = UInt8(random.int(in: 0...255))
          }
        }
      }
    }
    let encoder = try APNGEncoder(
      width: width, height: height, frameCount: frames.count, plays: 0, isOpaque: opaque)
    for frame in frames {
      try frame.rgba.withUnsafeBytes {
        try encoder.append(rgba: $0, isOpaque: opaque, delayNumerator: 1, delayDenominator: 30)
      }
    }
    let decoded = try APNGAnimation(data: try encoder.finish())
    #expect(difference(decoded.frames.map(\.image), frames) == nil)
    #expect(decoded.frames.allSatisfy { abs($0.delay - 1 / 30.0) < 1e-12 })
    #expect(decoded.frames.dropFirst().allSatisfy { $0.blendOp == (opaque ? .over : .source) })
  }

  @Test func renderedAnimationReadsBackFrameForFrame() throws {
    let component = AnimationRenderTests.developer.collapseButton(AnimationRenderTests.less)
    let result = try Renderer().renderAnimation(
      component, options: AnimationRenderTests.options, keepingFrames: true)
    let decoded = try APNGAnimation(data: result.apng)
    #expect(decoded.frames.count == result.frames.count && decoded.plays == 0)
    #expect(difference(decoded.frames.map(\.image), result.images) == nil)
    // Regions: the first frame is whole, the later ones smaller.
    #expect(decoded.frames[0].region.height == decoded.height)
    #expect(decoded.frames.dropFirst().allSatisfy { $0.region.height < decoded.height })
    let delays = decoded.frames.dropLast().map(\.delay).reduce(0, +)
    #expect(abs(delays - 0.35) <= 1 / 60.0)
    // The default image (IDAT) is the first frame, so a viewer without APNG shows the still.
    #expect(difference(try Image(pngData: result.apng), result.images[0]) == nil)
  }

  @Test func plainPNGIsRefusedAsNotAnimated() throws {
    let png = try render(ExpandableText(text: "Hello")).image!.pngData()
    #expect(throws: RenderError.png("not an animated PNG: it has no acTL chunk")) {
      try APNGAnimation(data: png)
    }
    #expect(throws: RenderError.png("not a PNG file (no PNG signature)")) {
      try APNGAnimation(data: Data("GIF89a".utf8))
    }
    var corrupt = try Renderer().renderAnimation(
      AnimationRenderTests.developer, options: AnimationRenderTests.options
    ).apng
    corrupt[60] ^= 0xFF
    #expect(throws: RenderError.self) { try APNGAnimation(data: corrupt) }
  }

  // MARK: - Pillow, an independent decoder

  /// The Python with Pillow that `Scripts/setup.sh` installs, if it is there.
  static var pillowPython: URL? {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let python = package.appendingPathComponent(".build/python-venv/bin/python3")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      print("SKIPPED: Pillow cross-check: \(python.path) missing (run Scripts/setup.sh)")
      return nil
    }
    return python
  }

  /// Runs `script` with `arguments`, returning its standard output.
  static func runPython(_ python: URL, _ script: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python exited with \(process.terminationStatus)")
    return data
  }

  /// Pillow decodes every frame of our APNG to the pixels we rendered.
  @Test func pillowReadsOurAnimationFrameForFrame() throws {
    guard let python = Self.pillowPython else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "apng-pillow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, component) in AnimationRenderTests.cases {
      let result = try Renderer().renderAnimation(
        component, options: AnimationRenderTests.options, keepingFrames: true)
      let file = folder.appendingPathComponent("animation.png")
      try result.apng.write(to: file)
      // Prints the frame count and each frame's duration (ms); writes each frame's RGBA.
      let script = """
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        print(image.n_frames)
        for index in range(image.n_frames):
            image.seek(index)
            print(image.info.get("duration"))
            with open(f"{sys.argv[2]}/frame-{index}.rgba", "wb") as out:
                out.write(image.convert("RGBA").tobytes())
        """
      let lines = String(
        decoding: try Self.runPython(python, script, [file.path, folder.path]), as: UTF8.self
      ).split(separator: "\n")
      #expect(lines.first == "\(result.frames.count)", "\(name)")
      for (index, image) in result.images.enumerated() where index + 1 < lines.count {
        let pixels = try Data(
          contentsOf: folder.appendingPathComponent("frame-\(index).rgba"))
        #expect(Bool([UInt8](pixels) == image.rgba), "\(name) frame \(index)")
        #expect(Double(lines[index + 1]).map { abs($0 - 1000 / 60.0) < 0.01 } == true, "\(name)")
      }
    }
  }

  /// Our reader decodes an APNG that Pillow wrote to the frames Pillow was given.
  @Test func ourReaderReadsPillowsAnimation() throws {
    guard let python = Self.pillowPython else { return }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pillow-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: file) }
    // Three 8×6 RGBA frames with a moving translucent block; Pillow picks its own regions,
    // disposal and blending. Prints each frame's RGBA as hex.
    let script = """
      import sys
      from PIL import Image
      frames = []
      for step in range(3):
          image = Image.new("RGBA", (8, 6), (20, 40, 60, 255))
          for x in range(step, step + 3):
              for y in range(1, 4):
                  image.putpixel((x, y), (200, 30 * step, 90, 128 + 40 * step))
          frames.append(image)
      frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=50, loop=0)
      for frame in frames:
          print(frame.tobytes().hex())
      """
    let lines = String(decoding: try Self.runPython(python, script, [file.path]), as: UTF8.self)
      .split(separator: "\n")
    let decoded = try APNGAnimation(data: Data(contentsOf: file))
    #expect(decoded.frames.count == 3 && lines.count == 3)
    for (frame, line) in zip(decoded.frames, lines) {
      #expect(Bool(frame.image.rgba.map { String(format: "%02x", $0) }.joined() == line))
    }
  }
}
