import ExpandablePreview
import TestSupport
import Testing

/// The labels a component has when none is set: the reference designs' declared defaults.
@Suite struct DefaultLabelsTests {
  @Test func fadeDefaultsAreTheFadeReferencesDeclaredLabels() {
    let component = ExpandableText(text: "x")
    #expect(component.expandButton == TextSet(text: "more", font: .callout, color: .blue))
    #expect(component.collapseButton == TextSet(text: "collapse", font: .callout, color: .blue))
  }

  @Test func ellipsisKeepsItsMoreLabelAndHasNoCollapseLabel() {
    let component = ExpandableText(text: "x").truncationStyle(.ellipsis)
    #expect(component.expandButton == TextSet(text: "More", font: .body, color: .blue))
    #expect(component.collapseButton == nil)
  }

  @Test func collapseButtonNilRemovesTheDefaultLabel() throws {
    let component = ExpandableText(text: TestTexts.developer).lineLimit(2).collapseButton(nil)
    #expect(component.collapseButton == nil)
    let layout = try Renderer().layout(
      of: component, options: RenderOptions(width: 327, state: .expanded))
    #expect(layout.label == nil)
  }

  @Test func labelsSetExplicitlySurviveAStyleChange() {
    let label = TextSet(text: "Read on", font: .footnote, color: .red)
    let component = ExpandableText(text: "x")
      .expandButton(label).collapseButton(nil).truncationStyle(.ellipsis)
      .truncationStyle(.fade)
    #expect(component.expandButton == label)
    #expect(component.collapseButton == nil)
  }

  /// The expanded fade render draws the default collapse label, in callout (16 pt at large):
  /// its frame is as tall as a callout line, lower than a body line.
  @Test func expandedFadeDrawsTheDefaultCollapseLabelInCallout() throws {
    let renderer = try Renderer()
    let options = RenderOptions(width: 327, state: .expanded)
    let text = ExpandableText(text: TestTexts.developer).lineLimit(2)
    let defaults = try renderer.layout(of: text, options: options)
    let inBody = try renderer.layout(
      of: text.collapseButton(TextSet(text: "collapse", font: .body)), options: options)
    let label = try #require(defaults.label)
    let bodyLabel = try #require(inBody.label)
    #expect(label.height < bodyLabel.height)
    #expect(label.width < bodyLabel.width)
  }
}
