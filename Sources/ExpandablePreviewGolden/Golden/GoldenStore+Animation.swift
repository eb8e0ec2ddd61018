import ExpandablePreview
import Foundation

extension GoldenStore {
  /// Compares an animation (rendered with `keepingFrames`) with the animated PNG golden at
  /// `relativePath`, frame by frame as a viewer shows them: the frame count, each frame's
  /// delay, then each frame's pixels with ``ImageDiff``. The comparison is about the first
  /// frame that does not match (``GoldenComparison/frame``), whose diff it carries for the
  /// three-panel artifact. A golden that is a plain PNG is a mismatch that says so. Records
  /// the APNG as ``check(_:at:toleratingPixels:)-(Image,_,_)`` records a still.
  ///
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder, the animation has no
  ///   frame images, or the golden cannot be written.
  public func check(
    _ animation: AnimationRenderResult, at relativePath: String, toleratingPixels: Bool = false
  ) throws -> GoldenComparison {
    let candidate: GoldenCandidate
    do throws(GoldenCandidateError) {
      candidate = try GoldenCandidate(animation: animation)
    } catch {
      throw GoldenStoreError(
        path: relativePath, message: "the animation was rendered without its frame images")
    }
    return try check(candidate, at: relativePath, toleratingPixels: toleratingPixels)
  }
}
