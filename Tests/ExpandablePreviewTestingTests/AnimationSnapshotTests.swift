import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import Testing

/// `assertSnapshot(…, animating:)` keeps an animation's golden as an animated PNG and compares
/// it frame by frame, recording and failing as a still's assertion does.
@Suite struct AnimationSnapshotTests {
  static let options = RenderOptions(width: 240, framesPerSecond: 10)

  static func opening(_ animation: ExpandAnimation) -> ExpandableText {
    bio.expandAnimation(animation)
  }

  static func render(_ component: ExpandableText) throws -> AnimationRenderResult {
    try Renderer().renderAnimation(
      component, options: options, direction: .expanding, keepingFrames: true)
  }

  @Test func aMissingGoldenIsRecordedAsTheAnimatedPNGThenMatches() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let component = Self.opening(.easeOut)
    let first = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: component, options: Self.options, animating: .expanding, named: "opening")
    }
    let golden = root.appendingPathComponent("Snapshots/opening.png")
    #expect(
      first == """
        \(golden.path): no golden yet; recorded it, run again to compare
        Actual: \(mirroredArtifacts(root).path)/actual/opening.png
        """)
    // The golden is the renderer's animated PNG, byte for byte.
    #expect(try Data(contentsOf: golden) == Self.render(component).apng)
    withSnapshotConfiguration(configuration) {
      #expect(
        verifySnapshot(
          of: component, options: Self.options, animating: .expanding, named: "opening") == nil)
      assertSnapshot(
        of: component, options: Self.options, animating: .expanding, named: "opening")
    }
  }

  /// Another curve of the same duration draws the same first and last frames and other frames
  /// between: the failure names the first frame that differs and leaves its three panels.
  @Test func aDifferentFrameFailsNamingTheFrame() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let golden = root.appendingPathComponent("Snapshots/opening.png")
    let message = try withSnapshotConfiguration(configuration) { () throws -> String? in
      _ = verifySnapshot(
        of: Self.opening(.easeIn), options: Self.options, animating: .expanding,
        named: "opening")
      let bytes = try Data(contentsOf: golden)
      defer { #expect((try? Data(contentsOf: golden)) == bytes) }
      return verifySnapshot(
        of: Self.opening(.easeOut), options: Self.options, animating: .expanding,
        named: "opening")
    }
    let recorded = try Self.render(Self.opening(.easeIn))
    let now = try Self.render(Self.opening(.easeOut))
    try #require(recorded.images.count == now.images.count)
    let frame = try #require(
      recorded.images.indices.first { recorded.images[$0] != now.images[$0] })
    #expect(frame > 0 && frame < now.images.count - 1)
    let lines = try #require(message).split(separator: "\n").map(String.init)
    // The layout record names the frames whose height changed, then the pixels the frame.
    #expect(
      lines.first?.hasPrefix("\(golden.path): layout changed: frame \(frame) height ") == true,
      "\(lines)")
    #expect(
      lines.first?.contains("(pixels: frame \(frame) of \(now.images.count): ") == true,
      "\(lines)")
    #expect(lines.first?.contains(" pixels differ") == true, "\(lines)")
    let artifacts = mirroredArtifacts(root)
    #expect(lines.contains("Actual: \(artifacts.path)/actual/opening.png"))
    #expect(
      try Data(contentsOf: artifacts.appendingPathComponent("actual/opening.png")) == now.apng)
    #expect(
      try Data(contentsOf: artifacts.appendingPathComponent("expected/opening.png"))
        == recorded.apng)
    // The diff is the differing frame's three panels: three frames wide.
    let diff = try Image(
      pngData: Data(contentsOf: artifacts.appendingPathComponent("diff/opening.png")))
    #expect(diff.width >= 3 * now.images[frame].width)
  }

  @Test func onCIAMissingGoldenIsNeverRecorded() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    // No record mode in code: the environment decides, and CI is set.
    let message = SnapshotEnvironment.$current.withValue(["CI": "true"]) {
      withSnapshotConfiguration(base) {
        verifySnapshot(
          of: Self.opening(.easeOut), options: Self.options, animating: .expanding,
          named: "opening")
      }
    }
    let golden = root.appendingPathComponent("Snapshots/opening.png")
    #expect(
      message?.hasPrefix(
        "\(golden.path): no golden yet; not recorded: record mode never (because CI is set)\n")
        == true, "\(message ?? "")")
    #expect(!FileManager.default.fileExists(atPath: golden.path))
  }

  /// A still's golden where the animation's belongs differs, and says why.
  @Test func aStillGoldenUnderAnAnimationsNameFails() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let component = Self.opening(.easeOut)
    let message = withSnapshotConfiguration(configuration) { () -> String? in
      _ = verifySnapshot(of: component, options: Self.options, named: "opening")
      return verifySnapshot(
        of: component, options: Self.options, animating: .expanding, named: "opening")
    }
    #expect(
      message?.contains(
        "the golden is a plain PNG, not an animated PNG (it has no acTL chunk)") == true,
      "\(message ?? "")")
  }

  @Test func aComponentWithoutAnAnimationFailsWithTheRenderersWords() throws {
    let (root, configuration) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    let message = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, options: Self.options, animating: .expanding, named: "opening")
    }
    #expect(message?.hasPrefix("Snapshot 'opening': ") == true, "\(message ?? "")")
    #expect(message?.contains("set expandAnimation(_:)") == true, "\(message ?? "")")
  }
}
