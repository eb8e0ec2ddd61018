import ExpandablePreview
import Foundation

/// A plan bundle's layout parts are bytes in its blob, checked against their digests, which
/// only say they are the writer's: like a job entry's layout (``FileLayout/implausibility(for:)``)
/// each must be one its job could write. A still's part must be exactly the bytes this job
/// writes for the layout it holds (its file, state and variant, every value as the encoder
/// writes it), with plausible values and files within what its canvas can make; an
/// animation's part keeps only its frames' times and heights, so its two ends are checked.
extension PlanBundle.Job {
  /// Why this listing, with `layoutPart` from the blob, cannot be `job`'s; nil when it can.
  /// The files' sizes are the listing's, which their slices have.
  func implausibility(layoutPart: Data, for job: RenderJob) -> String? {
    if job.state.still != nil {
      guard let result = try? JSONDecoder().decode(LayoutResult.self, from: layoutPart),
        (try? LayoutReportFragments.fragment(of: .init(job, layout: .still(result))))
          == layoutPart
      else { return "the layout part of \(job.relativePath) is not one this job writes" }
      let layout = FileLayout.still(result)
      if let why = layout.implausibility(for: job) { return "\(job.relativePath): \(why)" }
      let formats = job.writtenFormats
      for file in files where file.size > layout.maxBytes(of: formats[file.name] ?? .png) {
        return "\(job.relativePath): \(file.name) is larger than this job's image can be"
      }
      return nil
    }
    guard let animation = try? JSONDecoder().decode(BundledAnimation.self, from: layoutPart) else {
      return "the layout part of \(job.relativePath) is not an animation's"
    }
    for still in [animation.collapsed, animation.expanded] {
      if let why = still.implausibility(for: job.options) { return "\(job.relativePath): \(why)" }
    }
    let height = max(animation.collapsed.pixelSize.height, animation.expanded.pixelSize.height)
    guard animation.pixelSize.width == animation.expanded.pixelSize.width,
      animation.pixelSize.height == height,
      (1...FileLayout.maxFrames).contains(animation.frames.count),
      animation.frames.allSatisfy({
        $0.time.isFinite && $0.height.isFinite && $0.height >= 0
          && $0.height <= animation.size.height + 1
      })
    else { return "\(job.relativePath): the animation's canvas or frames are out of range" }
    return nil
  }
}

/// What an animation's part of `layout.json` holds (``LayoutReport/Entry``).
private struct BundledAnimation: Decodable {
  struct Frame: Decodable {
    var time: Double
    var height: Double
  }
  var size: Size
  var pixelSize: Size
  var frames: [Frame]
  var collapsed: LayoutResult
  var expanded: LayoutResult
}
