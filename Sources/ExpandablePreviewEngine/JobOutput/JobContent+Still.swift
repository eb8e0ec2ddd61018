import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// A still: one file per format asked for (PNG, SVG, PDF), the accessibility overlay's PNG
/// after them, its layout in `layout.json`, its image as the golden's.
extension RenderResult: JobContent {
  package func files(of job: RenderJob, overlay: Data?) -> [(
    format: OutputFormat, file: String, bytes: Data
  )] {
    var files = job.files.compactMap { format, file in
      format.bytes(of: self).map { (format, file, $0) }
    }
    if let name = job.overlayFile, let overlay { files.append((.png, name, overlay)) }
    return files
  }

  package var fileLayout: FileLayout { .still(layout) }

  package var drawnFaces: [String] { fontFaces }

  package func snapshot(availableFontFiles: [String]) -> RenderedSnapshot? {
    image == nil ? nil : RenderedSnapshot(self, availableFontFiles: availableFontFiles)
  }

  package var takesOverlay: Bool { true }

  package var livePixels: Image? { image }

  package func strictProblem(for job: RenderJob) -> String? { nil }
}
