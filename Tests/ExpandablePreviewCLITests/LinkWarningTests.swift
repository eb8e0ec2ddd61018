import Foundation
import Testing

/// A Markdown link that will not be clickable (not http, https or mailto) is reported where
/// other drawing problems are: a warning naming the text's flag or the manifest's item and key,
/// an error with `--strict`.
@Suite struct LinkWarningTests {
  @Test func renderTextWarnsOfALinkWithoutAnAction() throws {
    let scratch = try Scratch()
    let text = "Run [this](javascript:alert(1)) or [that](https://e.com)"
    let result = try scratch.run("render", "--text", text, "--markdown", "--out", "a.svg")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "warning: --text: link destination 'javascript:alert(1)' is not http, https, mailto"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("https://e.com"), "\(result.stderr)")
    let strict = try scratch.run(
      "render", "--text", text, "--markdown", "--out", "b.svg", "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: --text: link destination"), "\(strict.stderr)")
  }

  @Test func aManifestItemWithALinkWithoutAnActionIsNamed() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"items": [{"name": "card", "text": "See [file](file:///etc/passwd)", "markdown": true}]}"#
    )
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "m.json: item 'card', key 'text': link destination 'file:///etc/passwd'"),
      "\(result.stderr)")
  }
}
