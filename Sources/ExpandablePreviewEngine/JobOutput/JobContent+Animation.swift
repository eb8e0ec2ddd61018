import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// An animation: its APNG alone (SVG and PDF are stills; no overlay), its frames and ends in
/// `layout.json`, its frames as the golden's; a text that fits is one frame, an error under
/// `--strict`.
extension AnimationRenderResult: JobContent {
  package func files(of job: RenderJob, overlay: Data?) -> [(
    format: OutputFormat, file: String, bytes: Data
  )] {
    [(.png, job.file, apng)]
  }

  package var fileLayout: FileLayout { .animation(FileLayout.AnimationLayout(self)) }

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
