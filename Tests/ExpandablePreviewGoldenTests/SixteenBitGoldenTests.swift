import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// A 16-bit golden is compared by its stored values, not as linear light.
@Suite struct SixteenBitGoldenTests {
  /// Random pixels: every alpha from fully transparent to opaque, or opaque only.
  static func randomImage(seed: UInt64, opaque: Bool) -> Image {
    var random = SplitMix64(seed: seed)
    let width = Int.random(in: 1...23, using: &random)
    let height = Int.random(in: 1...11, using: &random)
    var rgba: [UInt8] = []
    for _ in 0..<(width * height) {
      rgba += (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }
      rgba.append(opaque ? 255 : UInt8.random(in: 0...255, using: &random))
    }
    return Image(width: width, height: height, rgba: rgba)
  }

  @Test("an exact 16-bit copy of a golden decodes to the same pixels and matches")
  func sixteenBitGoldensAreComparedByStoredValues() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = GoldenStore(directory: folder, recordMode: .never)
    for seed in UInt64(1)...60 {
      let opaque = seed % 2 == 0
      let image = Self.randomImage(seed: seed, opaque: opaque)
      let png = SixteenBitPNG.copy(of: image, dropAlpha: opaque)
      // The reference: each stored 16-bit value v × 257 stands for the 8-bit value v.
      #expect(try Image(pngData: png) == image, "seed \(seed)")
      try png.write(to: try store.url(for: "g\(seed).png"))
      let comparison = try store.check(image, at: "g\(seed).png")
      #expect(comparison.status == .match, "seed \(seed): \(comparison.summary)")
      #expect(comparison.diff?.result.diffPixels == 0, "seed \(seed)")
    }
  }

  @Test("16-bit values between two 8-bit ones round to the nearer")
  func sixteenBitValuesRoundToTheNearestEightBitValue() throws {
    // 0x8080 is exactly 128; 0x807F and 0x8001 are nearer 128 than 127 ... checked against
    // the rounding v16 × 255 / 65535.
    let values: [UInt16] = [0, 1, 128, 129, 0x7F7F, 0x8001, 0x807F, 0x8080, 0xFEFF, 0xFFFE, 0xFFFF]
    let samples = values.flatMap { [$0, $0, $0] }
    let png = SixteenBitPNG.encode(width: values.count, height: 1, channels: 3, samples: samples)
    let decoded = try Image(pngData: png)
    for (x, value) in values.enumerated() {
      let expected = UInt8((Double(value) * 255 / 65_535).rounded())
      #expect(decoded.pixel(x: x, y: 0).r == expected, "0x\(String(value, radix: 16))")
    }
  }
}
