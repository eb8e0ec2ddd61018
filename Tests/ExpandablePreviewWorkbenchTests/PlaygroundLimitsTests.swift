import ExpandablePreviewEngine
import Testing

@testable import ExpandablePreviewWorkbench

/// One playground request cannot hold a render thread for long: an animation's frames times its
/// width in pixels are bounded, with words that say what to change.
@Suite struct PlaygroundLimitsTests {
  @Test func aMinuteLongAnimationEightThousandPointsWideIsRefused() throws {
    let preview = try ItemPreview(
      text: "Hello",
      flags: [
        ("--width", "8000"), ("--scale", "4"), ("--animate", "linear"),
        ("--animate-duration", "60"), ("--fps", "60"),
      ])
    let problem = try #require(PlaygroundLimits.animationProblem(preview))
    #expect(problem.contains("3601 frames × 32000 pixels wide is over 1000000"))
    #expect(problem.contains("expandable-preview render"))
  }

  @Test func theDefaultAnimationAndASpringAreRendered() throws {
    for animation in ["easeOut", "spring"] {
      let preview = try ItemPreview(text: "Hello", flags: [("--animate", animation)])
      #expect(PlaygroundLimits.animationProblem(preview) == nil, "\(animation)")
    }
    #expect(PlaygroundLimits.animationProblem(try ItemPreview(text: "Hi", flags: [])) == nil)
  }
}
