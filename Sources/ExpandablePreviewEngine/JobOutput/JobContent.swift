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

/// One kind of output a job writes (a still, an animation), declared once beside its
/// ``JobContent`` and its ``FileLayoutPart``: which files its jobs write, how a job of it is
/// rendered, and what its part of `layout.json` is. ``RenderJob``, ``JobRenderer``,
/// ``FileLayout`` and the cache's checks ask the kind (an ``OutputState`` names its own), so
/// none of them names one.
package struct OutputKind: Sendable {
  /// The kind's name, which tags its layout part in a cache entry (``FileLayout``).
  package let name: String
  /// Whether a job of this kind writes SVG and PDF beside its PNG, and the accessibility
  /// overlay's PNG when the item asks for one.
  package let writesVectorsAndOverlay: Bool
  /// The type of its part of `layout.json`.
  package let layoutPart: any FileLayoutPart.Type
  /// Draws `job` in `encodings` (a still's), keeping an animation's frames when asked and
  /// handing each to `eachFrame` as it is drawn.
  let render:
    @Sendable (
      _ job: RenderJob, _ renderer: Renderer, _ encodings: StillEncodings, _ keepingFrames: Bool,
      _ eachFrame: ((_ index: Int, _ image: Image) -> Void)?
    ) throws -> any JobContent

  package init(
    name: String, writesVectorsAndOverlay: Bool, layoutPart: any FileLayoutPart.Type,
    render:
      @escaping @Sendable (
        RenderJob, Renderer, StillEncodings, Bool, ((_ index: Int, _ image: Image) -> Void)?
      ) throws -> any JobContent
  ) {
    self.name = name
    self.writesVectorsAndOverlay = writesVectorsAndOverlay
    self.layoutPart = layoutPart
    self.render = render
  }

  /// Every kind some state renders as, each once, in the states' order.
  package static var all: [OutputKind] {
    OutputState.allCases.reduce(into: []) { kinds, state in
      if !kinds.contains(where: { $0.name == state.kind.name }) { kinds.append(state.kind) }
    }
  }
}
