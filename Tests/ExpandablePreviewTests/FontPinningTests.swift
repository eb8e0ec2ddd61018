import ExpandablePreview
import Foundation
import TestSupport
import Testing

@Suite struct FontPinningTests {

  let japanese = ExpandableText(text: TestTexts.japanese).lineLimit(2)

  @Test func systemFontsCoverJapaneseWithAnotherFont() throws {
    let result = try Renderer().render(japanese, options: RenderOptions(width: 327))
    #expect(result.fontFiles.contains { !$0.hasSuffix("/DejaVuSans.ttf") })
  }

  @Test func pinnedDejaVuSansIsTheOnlyFontUsed() throws {
    let renderer = try Renderer(fonts: [TestFonts.dejaVuSans])
    let result = try renderer.render(japanese, options: RenderOptions(width: 327))
    #expect(result.fontFiles == [TestFonts.dejaVuSans.path])
    // Bold and the label ("more") resolve inside the pinned set too.
    let bold = ExpandableText(text: TestTexts.developer).font(.headline).lineLimit(2)
    #expect(
      try renderer.render(bold, options: RenderOptions(width: 327)).fontFiles == [
        TestFonts.dejaVuSans.path
      ])
  }

  @Test func pinnedFolderProvidesItsFonts() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("Pinned.ttf")
    try FileManager.default.copyItem(at: TestFonts.dejaVuSans, to: copy)
    let result = try Renderer(fonts: [folder]).render(japanese, options: RenderOptions(width: 327))
    #expect(result.fontFiles == [copy.path])
  }

  @Test func pinningRendersTheSameLatinPixelsAsTheSystemDejaVu() throws {
    let text = ExpandableText(text: TestTexts.developer).lineLimit(2)
    let system = try Renderer().render(text, options: RenderOptions(width: 327))
    let pinned = try Renderer(fonts: [TestFonts.dejaVuSans]).render(
      text, options: RenderOptions(width: 327))
    #expect(system.image == pinned.image)
  }

  @Test func missingOrEmptyFontPathsAreNamed() throws {
    #expect(
      throws: RenderError.fontConfig(FontConfigError(path: "/no/such/font.ttf", "does not exist"))
    ) {
      try Renderer(fonts: [URL(fileURLWithPath: "/no/such/font.ttf")])
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: RenderError.fontConfig(FontConfigError("no font found in \(folder.path)"))) {
      try Renderer(fonts: [folder])
    }
    let text = folder.appendingPathComponent("notes.txt")
    try Data("not a font".utf8).write(to: text)
    #expect(
      throws: RenderError.fontConfig(
        FontConfigError(path: text.path, "fontconfig cannot read it as a font"))
    ) {
      try Renderer(fonts: [text])
    }
  }
}
