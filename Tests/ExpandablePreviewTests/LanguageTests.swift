import ExpandablePreview
import Foundation
import TestSupport
import Testing

/// `RenderOptions.language` decides Han glyph forms and shaping; see LocaleIndependenceTests
/// (CLI) for the process locale, which decides nothing.
@Suite struct LanguageTests {
  static let han = ExpandableText(text: "直骨 今 判 誤").font(.title)

  func image(_ language: String) throws -> Image {
    try render(Self.han, RenderOptions(width: 300, language: language)).image!
  }

  @Test func languageChangesHanGlyphForms() throws {
    let japanese = try image("ja")
    let simplified = try image("zh-Hans")
    let traditional = try image("zh-Hant")
    let korean = try image("ko")
    #expect(japanese != simplified)
    #expect(simplified != traditional)
    #expect(japanese != korean)
    // Same size: only the glyphs' forms change, not the layout.
    #expect(japanese.width == simplified.width && japanese.height == simplified.height)
  }

  @Test func theDefaultIsEnglishWithSimplifiedHan() throws {
    #expect(RenderOptions().language == "en")
    #expect(try render(Self.han, RenderOptions(width: 300)).image! == image("zh-Hans"))
    // Case and the region forms of Chinese name the same language.
    #expect(try image("zh-hans") == image("zh-CN"))
    #expect(try image("zh-Hant") == image("zh-TW"))
  }

  @Test func aMalformedLanguageIsAnInputError() throws {
    for tag in ["", "e", "en_US", "ja-", "日本語", "toolongprimary"] {
      #expect(throws: RenderError.self, "\(tag)") {
        try render(Self.han, RenderOptions(language: tag))
      }
    }
    for tag in ["en", "ja", "zh-Hans", "zh-Hant-HK", "ar", "sr-Latn-RS", "und"] {
      #expect(RenderOptions.isWellFormedLanguage(tag), "\(tag)")
    }
  }
}
