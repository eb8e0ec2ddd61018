import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// What a job draws, one conformance per kind of output (`JobContent+Still.swift`: a
/// `RenderResult`; `JobContent+Animation.swift`: an `AnimationRenderResult`). ``JobRender`` and
/// ``JobRenderer`` ask it for the files, `layout.json`'s part, the faces and the golden check's
/// snapshot, so a new kind of output is one new conformance, not a case in each of them.
package protocol JobContent: Sendable {
  /// Each file `job` writes from this content with its bytes, in the job's order; `overlay`
  /// is the accessibility overlay's PNG when one was rendered.
  func files(of job: RenderJob, overlay: Data?) -> [(
    format: OutputFormat, file: String, bytes: Data
  )]
  /// What `layout.json` says about the files.
  var fileLayout: FileLayout { get }
  /// The faces drawn with, fallbacks included, by name (when asked for).
  var drawnFaces: [String] { get }
  /// The render as a golden check takes it; nil when it was drawn without its pixels.
  func snapshot(availableFontFiles: [String]) -> RenderedSnapshot?
  /// Whether the job's accessibility overlay is drawn beside this content.
  var takesOverlay: Bool { get }
  /// The content's pixels for a live preview; nil for a kind that has none to show.
  var livePixels: Image? { get }
  /// Why `job` fails under `--strict` with this content; nil when it does not.
  func strictProblem(for job: RenderJob) -> String?
}
