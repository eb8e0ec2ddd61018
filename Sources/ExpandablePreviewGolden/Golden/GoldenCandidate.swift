import ExpandablePreview
import Foundation

/// What a check compares with a golden, in one shape for both formats: a still is one frame
/// without a delay, written as a PNG; an animation is its frames with their delays and loop
/// count, written as its animated PNG. ``GoldenStore`` has one compare loop over it.
struct GoldenCandidate {
  /// The frames as a viewer shows them (one for a still).
  var frames: [Image]
  /// Each frame's delay in seconds; nil for a still, whose golden is a plain PNG.
  var delays: [Double]?
  /// How often the animation plays (0: forever); 0 for a still.
  var plays = 0
  /// The bytes a record writes, when already encoded (an animation's APNG); a still's PNG is
  /// encoded only when it is written.
  var encoded: Data?
  /// The largest golden file read for this candidate.
  var maxGoldenBytes: Int

  var isAnimation: Bool { delays != nil }

  /// A still image.
  init(still image: Image) {
    frames = [image]
    maxGoldenBytes = GoldenFile.maxGoldenBytes(width: image.width, height: image.height)
  }

  /// An animation rendered with its frame images.
  init(animation: AnimationRenderResult) throws(GoldenCandidateError) {
    guard animation.images.count == animation.frames.count, let first = animation.images.first
    else { throw GoldenCandidateError() }
    frames = animation.images
    delays = animation.frames.map(\.delay)
    plays = (try? APNGAnimation.announcement(in: animation.apng))??.plays ?? 0
    encoded = animation.apng
    maxGoldenBytes = GoldenFile.maxGoldenBytes(
      width: first.width, height: first.height, frames: animation.frames.count)
  }

  /// The bytes to write as the golden.
  func bytes() throws -> Data { try encoded ?? frames[0].pngData() }

  /// The golden's frames as `bytes` hold them, or why they cannot be compared: for a still the
  /// PNG's image; for an animation the announced count and loop count first (a small golden
  /// announcing thousands of frames differs before any frame is decoded), then each frame.
  func goldenFrames(_ bytes: Data, file: URL) -> GoldenFrames {
    func plainPNG() -> Result<Image, GoldenFrames> {
      do {
        return .success(try Image(pngData: bytes))
      } catch {
        return .failure(.unreadable("\(file.path) is not a valid PNG (\(error))"))
      }
    }
    guard isAnimation else {
      switch plainPNG() {
      case .success(let image): return .frames([image], delays: nil)
      case .failure(let unreadable): return unreadable
      }
    }
    let announced: (frames: Int, plays: Int)?
    do {
      announced = try APNGAnimation.announcement(in: bytes)
    } catch {
      return .unreadable("\(file.path) is not a valid animated PNG (\(error))")
    }
    guard let announced else {
      if case .failure(let unreadable) = plainPNG() { return unreadable }
      return .differs(.notAnimated)
    }
    guard announced.frames == frames.count else {
      return .differs(.frameCount(golden: announced.frames, animation: frames.count))
    }
    guard announced.plays == plays else {
      return .differs(.loopCount(golden: announced.plays, animation: plays))
    }
    do {
      let golden = try APNGAnimation(data: bytes)
      return .frames(golden.frames.map(\.image), delays: golden.frames.map(\.delay))
    } catch {
      return .unreadable("\(file.path) is not a valid animated PNG (\(error))")
    }
  }

  /// A golden's frames, or what stops a frame-by-frame comparison.
  enum GoldenFrames: Error {
    case frames([Image], delays: [Double]?)
    case differs(GoldenDifference)
    case unreadable(String)
  }
}

/// An animation handed to a check without its frame images.
struct GoldenCandidateError: Error {}
