import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// A job rendered: the one value ``JobRenderer`` gives every front-end, whether it writes the
/// job's files (`render`, the workbench) or checks its golden (`verify`). It holds what was
/// drawn, in the encodings the render asked for; the files, `layout.json`'s part and the golden
/// check's snapshot are views of it.
package struct JobRender: Sendable {
  /// What was drawn: a still in the encodings asked for, or an animation's APNG (with its frame
  /// images when rendered for a golden check).
  package enum Content: Sendable {
    case still(RenderResult)
    case animation(AnimationRenderResult)
  }

  /// The job rendered.
  package let job: RenderJob
  /// What was drawn.
  package let content: Content
  /// The accessibility overlay's PNG, when the job asks for one and its files were rendered.
  package let overlay: Data?
  /// Every font file of the renderer's set (`Renderer/pinnedFontFiles`), which tells a
  /// machine's fonts from the content's in a golden check.
  let pinnedFontFiles: [String]

  /// Each file the job writes with its bytes, in the job's order, the overlay last: the
  /// formats this render encoded (all of them when rendered by ``JobRenderer/files(of:with:strict:listingFaces:eachFrame:)``).
  package var files: [(format: OutputFormat, file: String, bytes: Data)] {
    switch content {
    case .still(let still):
      var files = job.files.compactMap { format, file in
        format.bytes(of: still).map { (format, file, $0) }
      }
      if let name = job.overlayFile, let overlay { files.append((.png, name, overlay)) }
      return files
    case .animation(let animation): return [(.png, job.file, animation.apng)]
    }
  }

  /// What `layout.json` says about the files.
  package var layout: FileLayout {
    switch content {
    case .still(let still): .still(still.layout)
    case .animation(let animation):
      .animation(FileLayout.AnimationLayout(animation))
    }
  }

  /// The faces drawn with, fallbacks included, by name; a still lists them only when asked for.
  package var fontFaces: [String] {
    switch content {
    case .still(let still): still.fontFaces
    case .animation(let animation): animation.fontFaces
    }
  }

  /// The render as a golden check takes it; nil for a still drawn without its image (rendered
  /// for its files only).
  package var snapshot: RenderedSnapshot? {
    switch content {
    case .still(let still):
      still.image == nil ? nil : RenderedSnapshot(still, availableFontFiles: pinnedFontFiles)
    case .animation(let animation):
      RenderedSnapshot(animation, availableFontFiles: pinnedFontFiles)
    }
  }
}
