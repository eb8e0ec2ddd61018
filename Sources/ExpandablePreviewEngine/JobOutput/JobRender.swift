import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// A job rendered: the one value ``JobRenderer`` gives every front-end, whether it writes the
/// job's files (`render`, the workbench) or checks its golden (`verify`). It holds what was
/// drawn, in the encodings the render asked for; the files, `layout.json`'s part and the golden
/// check's snapshot are views of it.
package struct JobRender: Sendable {
  /// The job rendered.
  package let job: RenderJob
  /// What was drawn: a still in the encodings asked for, or an animation's APNG (with its frame
  /// images when rendered for a golden check); its kind says what each view below holds.
  package let content: any JobContent
  /// The accessibility overlay's PNG, when the job asks for one and its files were rendered.
  package let overlay: Data?
  /// Every font file of the renderer's set (`Renderer/pinnedFontFiles`), which tells a
  /// machine's fonts from the content's in a golden check.
  let pinnedFontFiles: [String]

  /// Each file the job writes with its bytes, in the job's order, the overlay last: the
  /// formats this render encoded (all of them when rendered by ``JobRenderer/files(of:with:strict:listingFaces:eachFrame:)``).
  package var files: [(format: OutputFormat, file: String, bytes: Data)] {
    content.files(of: job, overlay: overlay)
  }

  /// What `layout.json` says about the files.
  package var layout: FileLayout { content.fileLayout }

  /// The faces drawn with, fallbacks included, by name; a still lists them only when asked for.
  package var fontFaces: [String] { content.drawnFaces }

  /// The render as a golden check takes it; nil for a still drawn without its image (rendered
  /// for its files only).
  package var snapshot: RenderedSnapshot? {
    content.snapshot(availableFontFiles: pinnedFontFiles)
  }
}
