import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The one job renderer: a job's formats come from one layout, and each file has the bytes the
/// format's own render gives.
@Suite struct JobRendererTests {
  static let text =
    "A long caption that wraps over more lines than the limit allows, so the collapsed state "
    + "cuts it and places the label at the end of the last visible line, again and again."

  static func job(formats: [OutputFormat], state: OutputState = .collapsed) -> RenderJob {
    let component = ExpandableText(text: text).font(.custom("DejaVu Sans 17")).lineLimit(2)
      .truncationStyle(.ellipsis).expandAnimation(.easeOut)
    let item = ManifestItem(
      name: "caption", component: component, options: RenderOptions(),
      matrix: VariantMatrix(over: RenderOptions(width: 300, scale: 2)),
      states: [state], formats: formats)
    return RenderJob.job(for: item, itemIndex: 0, at: 0)
  }

  @Test func pngSVGAndPDFOfOneJobComeFromOneLayout() throws {
    let job = Self.job(formats: [.png, .svg, .pdf])
    #expect(job.files.map(\.format) == [.png, .svg, .pdf])
    let renderer = try Renderer()
    let rendered = try JobRenderer.files(of: job, with: renderer)
    #expect(renderer.layoutPasses == 1)
    // The Pango layouts of that one pass, and no more: an ellipsis search makes several.
    let counting = try Renderer()
    let alone = try counting.layout(of: job.component, options: job.options)
    #expect(alone.layouts > 1)
    #expect(renderer.textLayouts == alone.layouts)

    // Each file has the bytes of its format's own render.
    let reference = try Renderer()
    let expected = [
      try reference.renderPNG(job.component, options: job.options).png!,
      try reference.renderSVG(job.component, options: job.options).svg!,
      try reference.renderPDF(job.component, options: job.options).pdf!,
    ]
    #expect(reference.layoutPasses == 3)
    #expect(rendered.files.map(\.bytes) == expected)
    #expect(rendered.files.map(\.file) == job.files.map(\.file))
    guard let layout = rendered.layout.part as? LayoutResult else {
      Issue.record("a still job reported \(rendered.layout)")
      return
    }
    #expect(layout == alone)
  }

  @Test func theSnapshotOfAStillIsTheRenderedImage() throws {
    let job = Self.job(formats: [.png])
    let renderer = try Renderer()
    let snapshot = try JobRenderer.snapshot(of: job, with: renderer)
    #expect(renderer.layoutPasses == 1)
    let reference = try Renderer().render(job.component, options: job.options)
    #expect(snapshot.kind == .still)
    #expect(snapshot.frames == [reference.image!])
    #expect(snapshot.fontFiles == reference.fontFiles)
    #expect(!snapshot.fontFiles.isEmpty)
  }

  @Test func anAnimationJobWritesItsAPNGAndSnapshotsItsFrames() throws {
    let job = Self.job(formats: [.png, .svg], state: .expanding)
    let rendered = try JobRenderer.files(of: job, with: Renderer())
    let reference = try Renderer().renderAnimation(
      job.component, options: job.options, direction: .expanding)
    #expect(rendered.files.map(\.bytes) == [reference.apng])
    #expect(rendered.files.map(\.format) == [.png])
    let snapshot = try JobRenderer.snapshot(of: job, with: Renderer())
    #expect(snapshot.kind == .animation)
    #expect(snapshot.frames.count == reference.frames.count && snapshot.frames.count > 1)
  }
}
