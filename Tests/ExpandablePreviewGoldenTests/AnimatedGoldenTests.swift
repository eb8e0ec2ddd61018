import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// An animation's golden is checked by what its `acTL` announces (frame count, plays) before
/// any frame is decoded, and a damaged one is called damaged, not a plain PNG.
@Suite struct AnimatedGoldenTests {
  static let component = ExpandableText(text: TestTexts.developer).lineLimit(2)
    .expandAnimation(.easeOut)

  static func animation() throws -> AnimationRenderResult {
    try Renderer().renderAnimation(
      component, options: RenderOptions(width: 200, framesPerSecond: 10), keepingFrames: true)
  }

  /// The CRC-32 of the PNG specification (reflected, polynomial 0xEDB88320).
  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// `apng` with its `acTL` body replaced (and its CRC recomputed).
  static func announcing(_ apng: Data, frames: UInt32, plays: UInt32) throws -> Data {
    var bytes = [UInt8](apng)
    let tag = Array("acTL".utf8)
    let at = try #require((8..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == tag })
    func bigEndian(_ value: UInt32) -> [UInt8] {
      [
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
    bytes.replaceSubrange((at + 4)..<(at + 12), with: bigEndian(frames) + bigEndian(plays))
    bytes.replaceSubrange((at + 12)..<(at + 16), with: bigEndian(crc32(bytes[at..<(at + 12)])))
    return Data(bytes)
  }

  /// Checks `animation` against `golden` bytes in a fresh store that records nothing.
  static func check(_ animation: AnimationRenderResult, golden: Data) throws -> GoldenComparison {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = GoldenStore(directory: folder, recordMode: .never)
    try golden.write(to: try store.url(for: "a.png"))
    return try store.check(animation, at: "a.png")
  }

  @Test func theAnimationsOwnAPNGMatches() throws {
    let animation = try Self.animation()
    #expect(try Self.check(animation, golden: animation.apng).status == .match)
  }

  /// A golden announcing thousands of frames is a mismatch on the count alone (it once had
  /// every frame decoded first: 4.7 GB for a 650 KB file).
  @Test func aGoldenAnnouncingAnotherFrameCountIsAMismatchOnTheCount() throws {
    let animation = try Self.animation()
    let golden = try Self.announcing(animation.apng, frames: 10_000, plays: 0)
    let comparison = try Self.check(animation, golden: golden)
    #expect(comparison.status == .mismatch)
    #expect(
      comparison.verdict.difference?.description
        == "the golden has 10000 frames, the animation \(animation.frames.count)")
  }

  @Test func aGoldenWithAnotherLoopCountIsAMismatch() throws {
    let animation = try Self.animation()
    let golden = try Self.announcing(
      animation.apng, frames: UInt32(animation.frames.count), plays: 3)
    let comparison = try Self.check(animation, golden: golden)
    #expect(comparison.status == .mismatch)
    #expect(
      comparison.verdict.difference?.description
        == "the golden plays 3 times, the animation forever")
  }

  /// A damaged animated PNG (cut inside a later frame) is an unreadable golden, not "a plain
  /// PNG without an acTL chunk".
  @Test func aDamagedAnimatedGoldenIsCalledDamaged() throws {
    let animation = try Self.animation()
    try #require(animation.frames.count > 2)
    let golden = animation.apng.prefix(animation.apng.count - 30)
    let comparison = try Self.check(animation, golden: Data(golden))
    guard case .unreadable(let problem) = comparison.verdict else {
      Issue.record("verdict \(comparison.verdict)")
      return
    }
    #expect(problem.hasPrefix("not a valid animated PNG"), "\(problem)")
    #expect(!problem.contains("plain PNG"), "\(problem)")
  }
}

/// Goldens and fingerprints are refused by their size before they are read: a file padded to
/// gigabytes (sparse, so it costs no disk) was read whole.
@Suite struct OversizedGoldenTests {
  @Test func aPaddedGoldenIsRefusedUnreadBySize() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = TestImages.filled(8, 6)
    let store = GoldenStore(directory: folder, recordMode: .never)
    let file = try store.url(for: "a.png")
    try image.write(to: file)
    // 3 GB without writing them: a hole after the PNG's bytes.
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    let comparison = try store.check(image, at: "a.png")
    guard case .unreadable(let problem) = comparison.verdict else {
      Issue.record("verdict \(comparison.verdict)")
      return
    }
    #expect(
      problem.contains("the most a file of its kind can need here; it is not read"), "\(problem)")
  }

  @Test func aPaddedFingerprintIsRefusedUnreadBySize() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(Fingerprint.fileName)
    try Data("{}".utf8).write(to: file)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    #expect {
      _ = try Fingerprint.read(in: folder)
    } throws: { error in
      "\(error)".contains("it has more than 67108864 bytes, the most a fingerprint file may have")
    }
  }
}
