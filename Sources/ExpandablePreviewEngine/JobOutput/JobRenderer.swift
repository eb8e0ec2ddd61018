import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// The one place that renders a job (its state × formats × scale): `render` writes its files,
/// `verify` checks its image, the workbench shows it; each gets one ``JobRender``. A still is
/// laid out once whatever the number of formats; an animation is its APNG. Takes a plain
/// ``RenderJob`` value, so any front-end can build one and call it.
package enum JobRenderer {
  /// Renders every file `job` writes. With `strict`, an animation of a text that fits (nothing
  /// to expand) is an error instead of one frame. With `listingFaces`, ``JobRender/fontFaces``
  /// names the faces drawn with (a walk over the runs a batch does not pay for). An animation
  /// hands each frame to `eachFrame` as it is drawn (`render --frames`).
  package static func files(
    of job: RenderJob, with renderer: Renderer, strict: Bool = false, listingFaces: Bool = false,
    eachFrame: ((_ index: Int, _ image: Image) -> Void)? = nil
  ) throws -> JobRender {
    var encodings = job.files.reduce(into: StillEncodings()) { $0.insert($1.format.encoding) }
    if listingFaces { encodings.insert(.fontFaces) }
    let rendered = try render(
      job, with: renderer, encodings: encodings, keepingFrames: false, eachFrame: eachFrame)
    if strict, let problem = rendered.content.strictProblem(for: job) {
      throw JobFailure.other(problem)
    }
    return try withOverlay(rendered, with: renderer)
  }

  /// Renders `job` as the playground's live preview: a still as its pixels with the faces
  /// drawn with, no file encoded but the accessibility overlay's PNG when the job asks for one
  /// (its downloads get `render`'s bytes from ``files(of:with:strict:listingFaces:eachFrame:)``).
  package static func pixels(of job: RenderJob, with renderer: Renderer) throws -> JobRender {
    try withOverlay(
      render(
        job, with: renderer, encodings: [.image, .fontFaces], keepingFrames: false, eachFrame: nil),
      with: renderer)
  }

  /// `rendered` with its accessibility overlay's PNG when its job asks for one and its kind
  /// takes one (a still).
  private static func withOverlay(_ rendered: JobRender, with renderer: Renderer) throws
    -> JobRender
  {
    let job = rendered.job
    guard rendered.content.takesOverlay, job.overlayFile != nil else { return rendered }
    let overlay = try renderer.renderAccessibilityOverlay(job.component, options: job.options)
    return JobRender(
      job: job, content: rendered.content, overlay: try overlay.image?.pngData(),
      pinnedFontFiles: rendered.pinnedFontFiles)
  }

  /// Renders `job` as a golden check compares it (``JobRender/snapshot``): a still's image, an
  /// animation with its frames, each with the font files drawn with.
  static func snapshot(of job: RenderJob, with renderer: Renderer) throws -> RenderedSnapshot {
    let rendered = try render(
      job, with: renderer, encodings: .image, keepingFrames: true, eachFrame: nil)
    // A still drawn with its image always has a snapshot.
    return rendered.snapshot!
  }

  /// Renders `job` as its kind does (``OutputKind/render``).
  private static func render(
    _ job: RenderJob, with renderer: Renderer, encodings: StillEncodings, keepingFrames: Bool,
    eachFrame: ((_ index: Int, _ image: Image) -> Void)?
  ) throws -> JobRender {
    let content = try job.kind.render(job, renderer, encodings, keepingFrames, eachFrame)
    return JobRender(
      job: job, content: content, overlay: nil, pinnedFontFiles: renderer.pinnedFontFiles)
  }
}
