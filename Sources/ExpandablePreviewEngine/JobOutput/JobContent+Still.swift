import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

extension OutputKind {
  /// A still: one file per format asked for (PNG, SVG, PDF), the accessibility overlay's PNG
  /// after them, its layout decisions in `layout.json`, its image as the golden's.
  package static let still = OutputKind(
    name: "still", writesVectorsAndOverlay: true, layoutPart: LayoutResult.self
  ) { job, renderer, encodings, _, _ in
    try renderer.renderStill(job.component, options: job.options, as: encodings)
  }
}

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

  package var fileLayout: FileLayout { FileLayout(layout) }

  package var drawnFaces: [String] { fontFaces }

  package func snapshot(availableFontFiles: [String]) -> RenderedSnapshot? {
    image == nil ? nil : RenderedSnapshot(self, availableFontFiles: availableFontFiles)
  }

  package var takesOverlay: Bool { true }

  package var livePixels: Image? { image }

  package func strictProblem(for job: RenderJob) -> String? { nil }
}

/// A still's part of `layout.json`: its facts (`LayoutSchema/Facts`) beside the entry's keys,
/// and whether the image hides text.
extension LayoutResult: FileLayoutPart {
  package static var kind: OutputKind { .still }

  private enum EntryKeys: String, CodingKey { case truncated }

  package func encodeEntry(to encoder: any Encoder, state: OutputState) throws {
    var container = encoder.container(keyedBy: EntryKeys.self)
    // Whether this image hides text: what a reader of one render means by "truncated".
    try container.encode(exceedsLineLimit && state == .collapsed, forKey: .truncated)
    try LayoutSchema.Facts(self).encode(to: encoder)
  }

  package func implausibility(for job: RenderJob) -> String? {
    implausibility(for: job.options)
  }

  package func maxBytes(of format: OutputFormat) -> Int {
    FileLayout.maxBytes(of: format, pixels: pixelSize, frames: 1, text: visibleText.utf8.count)
  }

  /// A still's bundled part must be exactly the bytes this job writes for the layout it holds
  /// (its file, state and variant, every value as the encoder writes it), with plausible values
  /// and files within what its canvas can make.
  package static func implausibility(
    bundledPart bytes: Data, files: [(name: String, size: Int)], for job: RenderJob
  ) -> String? {
    guard let result = try? JSONDecoder().decode(LayoutResult.self, from: bytes),
      (try? LayoutReportFragments.fragment(of: .init(job, layout: FileLayout(result)))) == bytes
    else { return "the layout part of \(job.relativePath) is not one this job writes" }
    if let why = result.implausibility(for: job) { return "\(job.relativePath): \(why)" }
    let formats = job.writtenFormats
    for file in files where file.size > result.maxBytes(of: formats[file.name] ?? .png) {
      return "\(job.relativePath): \(file.name) is larger than this job's image can be"
    }
    return nil
  }
}
