import Foundation
import Testing

/// Limits and fonts: a missing family or a character no font has warns (an error with
/// `--strict`); an image over the pixel limit or a text or paragraph too long fails only its item.
extension BadInputAndFaultsTests {
  @Test func aMissingFontFamilyWarnsAndFailsWithStrict() throws {
    let manifest = """
      {"items": [{"name": "a", "text": "x", "font": {"style": "body", "family": "Helvetca"}}]}
      """
    let (warned, scratch) = try render(manifest)
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains(
        "warning: manifest.json: item 'a', key 'font': font family 'Helvetca' is not available; Pango draws 'Inter' instead"
      ))
    #expect(try scratch.files(in: "out").keys.contains("a/collapsed@2x.png"))
    let (strict, strictScratch) = try render(manifest, "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: manifest.json: item 'a', key 'font': font family"))
    #expect(try strictScratch.files(in: "out").isEmpty)
  }

  @Test func charactersNoFontHasWarnAndFailWithStrict() throws {
    let manifest = #"{"items": [{"name": "a", "text": "Hello ሰላም", "expandButton": "ሰላም"}]}"#
    let (warned, scratch) = try render(manifest)
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains(
        "warning: manifest.json: item 'a', key 'text': no font of the pinned set has U+1230 'ሰ', "
          + "U+120B 'ላ', U+121D 'ም'; they draw as boxes"), "\(warned.stderr)")
    #expect(warned.stderr.contains("item 'a', key 'expandButton.text': no font of the pinned set"))
    #expect(try scratch.files(in: "out").keys.contains("a/collapsed@2x.png"))
    let (strict, strictScratch) = try render(manifest, "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: manifest.json: item 'a', key 'text': no font"))
    #expect(try strictScratch.files(in: "out").isEmpty)
  }

  @Test func anImageOverThePixelLimitFailsOnlyItsItem() throws {
    let long = String(repeating: "word\\n", count: 2_000)
    let (output, scratch) = try render(
      """
      {"items": [{"name": "small", "text": "fine"},
                 {"name": "huge", "text": "\(long)", "width": 2000, "scale": 4,
                  "states": "expanded"}]}
      """)
    #expect(output.status == 1)
    #expect(output.stderr.contains("huge/expanded@4x.png"), "\(output.stderr)")
    #expect(output.stderr.contains("exceeds the limit of 100000000 pixels"), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files.keys.contains("small/collapsed@2x.png"))
    #expect(!files.keys.contains("huge/expanded@4x.png"))
  }

  @Test func aParagraphTooLongForPangoFailsOnlyItsItem() throws {
    let long = String(repeating: "word ", count: 60_000)
    let (output, scratch) = try render(
      #"{"items": [{"name": "ok", "text": "fine"}, {"name": "long", "text": "\#(long)"}]}"#)
    #expect(output.status == 1)
    #expect(
      output.stderr.contains(
        "long/expanded@2x.png: a paragraph of 300000 characters is too long to lay out at 17.0 pt"
      ), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files.keys.contains("ok/collapsed@2x.png"))
    // Collapsed, a bounded prefix of the paragraph is laid out.
    #expect(files.keys.contains("long/collapsed@2x.png"))
  }

  @Test func aTextOverTheLimitFailsOnlyItsItem() throws {
    let scratch = try Scratch()
    try Data(repeating: 0x61, count: (1 << 20) + 1).write(
      to: scratch.url.appendingPathComponent("long.txt"))
    let (output, _) = try render(
      #"{"items": [{"name": "ok", "text": "fine"}, {"name": "long", "textFile": "long.txt"}]}"#,
      in: scratch)
    #expect(output.status == 1)
    #expect(
      output.stderr.contains("long/collapsed@2x.png: text is 1048577 bytes; the limit is 1048576"),
      "\(output.stderr)")
    #expect(try scratch.files(in: "out").keys.contains("ok/collapsed@2x.png"))
  }
}
