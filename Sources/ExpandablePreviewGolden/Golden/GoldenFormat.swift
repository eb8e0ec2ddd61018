import ExpandablePreview
import Foundation

/// The file formats of a golden, behind ``GoldenStore``'s one compare loop: a still's PNG is
/// one frame without a delay; an animation's animated PNG is its frames with their delays and
/// loop count. What differs between them (how a golden file is decoded into frames, what a
/// record writes) is said here and nowhere else.
enum GoldenFormat {
  /// A still image's PNG.
  case png
  /// An animation's APNG: each frame's delay in seconds, and how often it plays (0: forever).
  case animatedPNG(delays: [Double], plays: Int)

  /// Each frame's delay; nil for a still.
  var delays: [Double]? {
    if case .animatedPNG(let delays, _) = self { return delays }
    return nil
  }

  /// The golden's frames as `bytes` hold them, or why they cannot be compared with
  /// `frameCount` frames: for a still the PNG's image; for an animation the announced count
  /// and loop count first (a small golden announcing thousands of frames differs before any
  /// frame is decoded), then each frame.
  func frames(of bytes: Data, file: URL, frameCount: Int) -> GoldenFrames {
    func plainPNG() -> Result<Image, GoldenFrames> {
      do {
        return .success(try Image(pngData: bytes))
      } catch {
        return .failure(.unreadable("\(file.path) is not a valid PNG (\(error))"))
      }
    }
    guard case .animatedPNG(_, let plays) = self else {
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
    guard announced.frames == frameCount else {
      return .differs(.frameCount(golden: announced.frames, animation: frameCount))
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

/// What a check compares with a golden, in either ``GoldenFormat``.
struct GoldenCandidate {
  /// The frames as a viewer shows them (one for a still).
  var frames: [Image]
  /// The golden file's format.
  var format: GoldenFormat
  /// The bytes a record writes, when already encoded (an animation's APNG); a still's PNG is
  /// encoded only when it is written.
  var encoded: Data?
  /// The largest golden file read for this candidate.
  var maxGoldenBytes: Int

  var isAnimation: Bool { format.delays != nil }

  /// A still image.
  init(still image: Image) {
    frames = [image]
    format = .png
    maxGoldenBytes = GoldenFile.maxGoldenBytes(width: image.width, height: image.height)
  }

  /// An animation rendered with its frame images.
  init(animation: AnimationRenderResult) throws(GoldenCandidateError) {
    guard animation.images.count == animation.frames.count, let first = animation.images.first
    else { throw GoldenCandidateError() }
    frames = animation.images
    format = .animatedPNG(
      delays: animation.frames.map(\.delay),
      plays: (try? APNGAnimation.announcement(in: animation.apng))??.plays ?? 0)
    encoded = animation.apng
    maxGoldenBytes = GoldenFile.maxGoldenBytes(
      width: first.width, height: first.height, frames: animation.frames.count)
  }

  /// What a snapshot renders, in its format.
  init(_ content: RenderedSnapshot.Content) throws(GoldenCandidateError) {
    switch content {
    case .still(let image): self.init(still: image)
    case .animation(let animation): try self.init(animation: animation)
    }
  }

  /// The bytes to write as the golden.
  func bytes() throws -> Data { try encoded ?? frames[0].pngData() }

  /// The golden's frames as `bytes` hold them, or why they cannot be compared.
  func goldenFrames(_ bytes: Data, file: URL) -> GoldenFormat.GoldenFrames {
    format.frames(of: bytes, file: file, frameCount: frames.count)
  }
}

/// An animation handed to a check without its frame images.
struct GoldenCandidateError: Error {}
