import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// The one place that renders a job (its state × formats × scale): `render` writes its files,
/// `verify` checks its image, the workbench shows it. A still is laid out once whatever the
/// number of formats; an animation is its APNG. Takes a plain ``RenderJob`` value, so any
/// front-end can build one and call it.
package enum JobRenderer {
  /// A job's files, rendered: each name with its bytes, in the job's order, and what
  /// `layout.json` says about them.
  package struct Files: Sendable {
    package var files: [(format: OutputFormat, file: String, bytes: Data)]
    package var layout: FileLayout
    /// The faces drawn with, fallbacks included, by name; listed only when asked for.
    var fontFaces: [String] = []
  }

  /// Renders every file `job` writes. With `strict`, an animation of a text that fits (nothing
  /// to expand) is an error instead of one frame. With `listingFaces`, ``Files/fontFaces``
  /// names the faces drawn with (a walk over the runs a batch does not pay for). An animation
  /// hands each frame to `eachFrame` as it is drawn (`render --frames`).
  package static func files(
    of job: RenderJob, with renderer: Renderer, strict: Bool = false, listingFaces: Bool = false,
    eachFrame: ((_ index: Int, _ image: Image) -> Void)? = nil
  ) throws -> Files {
    var encodings = encodings(of: job)
    if listingFaces { encodings.insert(.fontFaces) }
    let rendered = try render(
      job, with: renderer, encodings: encodings, keepingFrames: false, eachFrame: eachFrame)
    switch rendered {
    case .still(let still):
      var files = job.files.map { format, file in
        (format, file, format.bytes(of: still)!)
      }
      if let overlay = job.overlayFile {
        let rendered = try renderer.renderAccessibilityOverlay(job.component, options: job.options)
        files.append((.png, overlay, try rendered.image.pngData()))
      }
      return Files(files: files, layout: .still(still.layout), fontFaces: still.fontFaces)
    case .animation(let animation):
      if strict && animation.isStill {
        throw JobFailure.other(
          StillAnimation.reason(job.component, lineLimit: "lineLimit")
            + "; not written (--strict): leave '\(job.state.rawValue)' out of 'states' or set "
            + "'animation' to null")
      }
      return Files(
        files: [(.png, job.file, animation.apng)],
        layout: .animation(FileLayout.AnimationLayout(animation)),
        fontFaces: listingFaces ? animation.fontFaces : [])
    }
  }

  /// Renders `job` as a golden check compares it: a still's image, an animation with its
  /// frames, each with the font files drawn with.
  static func snapshot(of job: RenderJob, with renderer: Renderer) throws -> RenderedSnapshot {
    switch try render(job, with: renderer, encodings: .image, keepingFrames: true, eachFrame: nil) {
    case .still(let still):
      return RenderedSnapshot(
        image: still.image!, fontFiles: still.fontFiles,
        availableFontFiles: renderer.pinnedFontFiles, layout: still.layout)
    case .animation(let animation):
      return RenderedSnapshot(animation, by: renderer)
    }
  }

  private enum Rendered {
    case still(StillRender)
    case animation(AnimationRenderResult)
  }

  /// The one branch between a still and an animation.
  private static func render(
    _ job: RenderJob, with renderer: Renderer, encodings: StillEncodings, keepingFrames: Bool,
    eachFrame: ((_ index: Int, _ image: Image) -> Void)?
  ) throws -> Rendered {
    if let direction = job.state.direction {
      return .animation(
        try renderer.renderAnimation(
          job.component, options: job.options, direction: direction,
          keepingFrames: keepingFrames, eachFrame: eachFrame))
    }
    return .still(try renderer.renderStill(job.component, options: job.options, as: encodings))
  }

  private static func encodings(of job: RenderJob) -> StillEncodings {
    job.files.reduce(into: []) { $0.insert($1.format.encoding) }
  }
}
