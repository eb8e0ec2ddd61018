import Testing

@testable import ExpandablePreview

/// The animation limits live in the rule book: the renderer refuses what the manifest and the
/// flags refuse, with the same words, and SwiftUI's spring defaults are written once.
@Suite struct AnimationLimitsTests {
  private func frames(_ animation: ExpandAnimation) throws {
    _ = try AnimationPlanner.frames(
      animation, framesPerSecond: 60, direction: .expanding, collapsedHeight: 1,
      expandedHeight: 2)
  }

  @Test func theRendererRefusesADurationPastTheManifestsLimit() throws {
    try frames(.easeOut(duration: RenderLimits.maxAnimationSeconds))
    #expect(
      throws: RenderError.configuration(
        "animation duration must be above 0 and at most 60 seconds, got 61.0")
    ) { try frames(.easeOut(duration: 61)) }
  }

  @Test func theRendererRefusesASpringPastTheManifestsLimits() throws {
    try frames(.spring(response: 0.3, dampingFraction: 2))
    #expect(SettingRules.animationSeconds(RenderLimits.maxAnimationSeconds, .response) == nil)
    #expect(SettingRules.dampingFraction(RenderLimits.maxDampingFraction) == nil)
    #expect(
      throws: RenderError.configuration(
        "animation response must be above 0 and at most 60 seconds, got 60.5")
    ) { try frames(.spring(response: 60.5)) }
    #expect(
      throws: RenderError.configuration(
        "animation dampingFraction must be above 0 and at most 100, got 101.0")
    ) { try frames(.spring(dampingFraction: 101)) }
    #expect(throws: RenderError.self) { try frames(.spring(dampingFraction: .nan)) }
  }

  @Test func theDefaultSpringIsSwiftUIs() {
    #expect(
      ExpandAnimation.spring
        == ExpandAnimation(curve: .spring(response: 0.55, dampingFraction: 0.825), duration: nil))
    #expect(SettingRules.dampingFraction(ExpandAnimation.defaultDampingFraction) == nil)
    #expect(SettingRules.animationSeconds(ExpandAnimation.defaultSpringResponse, .response) == nil)
  }
}
