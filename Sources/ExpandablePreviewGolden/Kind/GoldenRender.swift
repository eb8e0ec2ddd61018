import ExpandablePreview
import Foundation

/// A render as its ``GoldenKind`` compares it (the `Format` of swift-snapshot-testing's
/// `Snapshotting`): the frames a viewer sees (one for a still), their timing when the kind has
/// one, and the file's bytes when the render already encoded them.
package struct GoldenRender: Sendable {
  /// Each frame's delay in seconds, and how often the frames play (0: forever).
  struct Timing: Sendable {
    var delays: [Double]
    var plays: Int
  }

  /// The kind that made this render and compares it.
  package let kind: GoldenKind
  /// The frames as a viewer shows them; never empty.
  let frames: [Image]
  /// The frames' timing; nil for a kind of one frame.
  let timing: Timing?
  /// The bytes a record writes, when the render already encoded them (an animation's APNG);
  /// otherwise encoded by the kind when they are needed.
  let encoded: Data?

  /// The bytes to write as the golden.
  func bytes() throws -> Data { try encoded ?? kind.diffing.toData(self) }

  /// The most bytes a golden compared with this render may have.
  var maxGoldenBytes: Int { kind.diffing.maxBytes(self) }

  /// The first frame, whose size a lock line records.
  var first: Image { frames[0] }

  /// The pixels of every frame, which a check holds in memory while it compares them.
  package var pixelCount: Int { frames.reduce(0) { $0 + $1.width * $1.height } }
}

/// An animation handed to a check without its frame images.
struct GoldenRenderError: Error {}
