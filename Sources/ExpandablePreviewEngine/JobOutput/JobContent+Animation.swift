import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

extension OutputKind {
  /// An animation: its APNG alone (SVG and PDF are stills; no overlay), its frames and ends in
  /// `layout.json`, its frames as the golden's; a text that fits is one frame, an error under
  /// `--strict`.
  package static let animation = OutputKind(
    name: "animation", writesVectorsAndOverlay: false, layoutPart: AnimationLayout.self
  ) { job, renderer, _, keepingFrames, eachFrame in
    // An animation's state has a direction (``OutputState/kind``).
    try renderer.renderAnimation(
      job.component, options: job.options, direction: job.state.direction!,
      keepingFrames: keepingFrames, eachFrame: eachFrame)
  }
}

extension AnimationRenderResult: JobContent {
  package func files(of job: RenderJob, overlay: Data?) -> [(
    format: OutputFormat, file: String, bytes: Data
  )] {
    [(.png, job.file, apng)]
  }

  package var fileLayout: FileLayout { FileLayout(AnimationLayout(self)) }

  package var drawnFaces: [String] { fontFaces }

  package func snapshot(availableFontFiles: [String]) -> RenderedSnapshot? {
    RenderedSnapshot(self, availableFontFiles: availableFontFiles)
  }

  package var takesOverlay: Bool { false }

  package var livePixels: Image? { nil }

  package func strictProblem(for job: RenderJob) -> String? {
    guard isStill else { return nil }
    return StillAnimation.reason(job.component, lineLimit: "lineLimit")
      + "; not written (--strict): leave '\(job.state.rawValue)' out of 'states' or set "
      + "'animation' to null"
  }
}

/// An animation's part of `layout.json`: its frames, its canvas (in points and pixels), the
/// layouts of its two ends (as a golden record keeps them), and whether it is one frame
/// because the text fits (``AnimationRenderResult/isStill``).
package struct AnimationLayout: FileLayoutPart {
  package var frames: [AnimationFrame]
  package var size: Size
  package var pixelSize: Size
  package var collapsed: LayoutResult
  package var expanded: LayoutResult
  package var isStill: Bool

  package init(_ animation: AnimationRenderResult) {
    frames = animation.frames
    size = animation.size
    pixelSize = animation.pixelSize
    collapsed = animation.collapsed
    expanded = animation.expanded
    isStill = animation.isStill
  }

  package static var kind: OutputKind { .animation }

  package var isStillAnimation: Bool { isStill }

  private enum EntryKeys: String, CodingKey { case size, pixelSize, frames, collapsed, expanded }

  /// One frame in `layout.json`: its time and the component's height.
  private struct EntryFrame: Codable {
    var time: Double
    var height: Double
  }

  /// The canvas's size and, per frame, the time and the component's height, then its ends.
  package func encodeEntry(to encoder: any Encoder, state: OutputState) throws {
    var container = encoder.container(keyedBy: EntryKeys.self)
    try container.encode(size, forKey: .size)
    try container.encode(pixelSize, forKey: .pixelSize)
    try container.encode(
      frames.map { EntryFrame(time: $0.time, height: $0.height) }, forKey: .frames)
    try container.encode(collapsed, forKey: .collapsed)
    try container.encode(expanded, forKey: .expanded)
  }

  package func implausibility(for job: RenderJob) -> String? {
    for still in [collapsed, expanded] {
      if let why = still.implausibility(for: job.options) { return why }
    }
    guard size.isFinite,
      pixelSize
        == expanded.pixelSize.heightened(
          to: max(collapsed.pixelSize.height, expanded.pixelSize.height))
    else { return "the animation's canvas is not its two states'" }
    guard (1...FileLayout.maxFrames).contains(frames.count),
      frames.allSatisfy({ frame in
        [frame.time, frame.progress, frame.openness, frame.height, frame.delay].allSatisfy {
          $0.isFinite && $0 >= -1
        } && frame.height <= size.height + 1
      })
    else { return "the animation's frames are out of range" }
    return nil
  }

  /// Each frame as large as the canvas can make it.
  package func maxBytes(of format: OutputFormat) -> Int {
    FileLayout.maxBytes(
      of: format, pixels: pixelSize, frames: frames.count, text: expanded.visibleText.utf8.count)
  }

  /// A bundled animation's part keeps only its frames' times and heights, so its two ends and
  /// its canvas are checked.
  package static func implausibility(
    bundledPart bytes: Data, files: [(name: String, size: Int)], for job: RenderJob
  ) -> String? {
    guard let animation = try? JSONDecoder().decode(Bundled.self, from: bytes) else {
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

  /// What an animation's entry in `layout.json` holds (``encodeEntry(to:state:)``).
  private struct Bundled: Decodable {
    var size: Size
    var pixelSize: Size
    var frames: [EntryFrame]
    var collapsed: LayoutResult
    var expanded: LayoutResult
  }
}
