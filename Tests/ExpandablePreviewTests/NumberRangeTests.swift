import ExpandablePreview
import Testing

/// Every number that reaches Pango or Cairo units is range-checked and a
/// value out of range is a thrown error naming the option, never a trap.
@Suite struct NumberRangeTests {
  func message(_ component: ExpandableText, _ options: RenderOptions = RenderOptions()) -> String? {
    do {
      _ = try Renderer().layout(of: component, options: options)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func largeFiniteNumbersAreThrownErrorsNamingTheOption() {
    let text = ExpandableText(text: "x\ny")
    #expect(message(text.lineSpacing(1e7))?.contains("lineSpacing must be 0 to 1000") == true)
    #expect(message(text.lineSpacing(2.2e6))?.contains("lineSpacing") == true)
    #expect(
      message(text, RenderOptions(padding: EdgeInsets(top: 5e18)))?
        .contains("padding top must be 0 to 10000") == true)
    #expect(
      message(text, RenderOptions(padding: EdgeInsets(bottom: 1e308)))?
        .contains("padding bottom must be 0 to 10000") == true)
    #expect(
      message(text.font(.custom("DejaVu Sans 1e9")))?
        .contains("font size must be above 0 and at most 1000") == true)
    #expect(
      message(text.expandButton(TextSet(text: "more", font: .custom("DejaVu Sans 5000"))))?
        .contains("expandButton font size") == true)
    // The largest values still lay out.
    #expect(message(text.lineSpacing(1000), RenderOptions(padding: EdgeInsets(all: 100))) == nil)
  }

  @Test func fontParsingChecksTheSize() {
    #expect(throws: FontError.self) { try Font(parsing: "DejaVu Sans 1e9") }
    #expect(throws: FontError.self) { try Font(parsing: "DejaVu Sans 0") }
    #expect((try? Font(parsing: "DejaVu Sans 1000")) != nil)
  }
}
