import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// "Open in the playground": a gallery file's settings as the playground's text and flags,
/// read back by the playground, give the component and options the gallery rendered.
@Suite struct GalleryItemSettingsTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/manifest.json").path

  /// The playground's job for the state of `job`, read from `settings`.
  static func playgroundJob(_ settings: GalleryItemSettings, state: OutputState) throws
    -> RenderJob?
  {
    let preview = try ItemPreview(
      text: settings.text, flags: settings.flags.map { ($0[0], $0[1]) })
    return preview.jobs.first { $0.state == state }
  }

  /// Every file of every item of the example manifest: defaults, label objects merged field
  /// by field, a text file, font objects, padding arrays, animations, every variant axis.
  @Test func everyExampleFileOpensWithTheComponentAndOptionsTheGalleryRendered() throws {
    let manifest = try GalleryManifest(path: Self.examples)
    var files = 0
    for gallery in manifest.items {
      for index in 0..<gallery.fileCount {
        let job = RenderJob.job(for: gallery.item, itemIndex: 0, at: index)
        let settings = try #require(gallery.playgroundSettings(file: job.file))
        #expect(settings.leftOut.isEmpty, "\(gallery.name): \(settings.leftOut)")
        let opened = try #require(try Self.playgroundJob(settings, state: job.state))
        #expect(opened.component == job.component, "\(gallery.name) \(job.file)")
        #expect(opened.options == job.options, "\(gallery.name) \(job.file)")
        files += 1
      }
    }
    #expect(files > 40)
  }

  /// The bytes too, for a file with a text file, font objects and the ellipsis style.
  @Test func anOpenedFileRendersTheGalleryImageBytes() throws {
    let manifest = try GalleryManifest(path: Self.examples)
    let bio = try #require(manifest.items.first { $0.name == "bio" })
    let renderer = try Renderer()
    let gallery = bio.render(with: renderer)
    let dark = try #require(gallery.first { $0.file.contains("dark") })
    let settings = try #require(bio.playgroundSettings(file: dark.file))
    let preview = try ItemPreview(
      text: settings.text, flags: settings.flags.map { ($0[0], $0[1]) })
    let shown = try #require(preview.render(with: renderer).first { $0.state == dark.state })
    #expect(!shown.bytes.isEmpty)
    #expect(shown.bytes == dark.bytes)
  }

  /// What the playground has no control for is named, not silently dropped; a switch turned
  /// off over the defaults is left out; a device axis and a label given as a string come along.
  @Test func fieldsWithoutAFlagAreNamedAndAxesComeAlong() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("manifest.json").path
    let json = """
      {"defaults": {"markdown": true, "expandButton": {"text": "more", "color": "red"}},
       "items": [{"name": "a", "text": "Hello **there**", "markdown": false,
         "expandButton": "Read on",
         "collapseButton": {"text": "less", "color": "green"},
         "animation": {"curve": "spring", "response": 0.4},
         "variants": {"device": ["iPhone SE"], "appearance": ["dark"]}}]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let item = try #require(try GalleryManifest(path: path).items.first)
    let job = RenderJob.job(for: item.item, itemIndex: 0, at: 0)
    let settings = try #require(item.playgroundSettings(file: job.file))
    #expect(settings.leftOut == ["collapseButton.color", "animation.response"])
    let flags = Dictionary(settings.flags.map { ($0[0], $0[1]) }, uniquingKeysWith: { $1 })
    #expect(flags["--markdown"] == nil)
    #expect(flags["--more"] == "Read on")
    #expect(flags["--more-color"] == "red")
    #expect(flags["--device"] == "iPhone SE")
    #expect(flags["--appearance"] == "dark")
    #expect(flags["--animate"] == "spring")
    #expect(item.playgroundSettings(file: "no-such-file.png") == nil)
    // Without the fields it cannot set, the rest is what the gallery rendered.
    let opened = try #require(try Self.playgroundJob(settings, state: job.state))
    #expect(opened.options == job.options)
    #expect(opened.component.expandButton == job.component.expandButton)
    #expect(opened.component.isMarkdown == false)
  }
}
