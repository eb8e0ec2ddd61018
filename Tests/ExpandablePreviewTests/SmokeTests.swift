import ExpandablePreview
import TestSupport
import Testing

@Suite struct SmokeTests {
  @Test func rendersCollapsedFade() throws {
    let result = try render(ExpandableText(text: TestTexts.developer))
    #expect(result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 3)
    #expect(result.image!.width == 654)
  }
}
