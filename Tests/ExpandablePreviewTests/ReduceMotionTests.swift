import TestSupport
import Testing

@testable import ExpandablePreview

/// Reduce Motion: the expansion animation is a dissolve between the two stills on the canvas
/// that fits both, with the same frames and APNG as the height animation.
@Suite struct ReduceMotionTests {
  static let cases: [(String, ExpandableText)] = [
    ("fade", ExpandableText(text: TestTexts.developer).expandAnimation(.easeOut)),
    (
      "ellipsis",
      ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis)
        .collapseButton(TextSet(text: "less")).expandAnimation(.easeInOut)
    ),
    ("fade, spring", ExpandableText(text: TestTexts.developer).expandAnimation(.spring)),
  ]

  /// Frame by frame: the first is the collapsed still, the last the expanded one, pixel for
  /// pixel; in between, every channel of every pixel moves from its collapsed value towards its
  /// expanded value and never back (within the rounding of 8-bit compositing), and the
  /// dissolve's measured weight follows the frames' clamped openness.
  @Test(arguments: 0..<3, AnimationDirection.allCases)
  func framesAreAMonotoneDissolveWithTheStillsAtBothEnds(
    index: Int, direction: AnimationDirection
  ) throws {
    let (name, component) = Self.cases[index]
    var options = RenderOptions(width: 327, framesPerSecond: 30)
    options.accessibilityReduceMotion = true
    let result = try Renderer().renderAnimation(
      component, options: options, direction: direction, keepingFrames: true)
    let stills = try AnimationRenderTests.stills(component, options)
    let (start, end) =
      direction == .expanding
      ? (stills.collapsed, stills.expanded) : (stills.expanded, stills.collapsed)
    #expect(result.images.count == result.frames.count, "\(name)")
    #expect(result.images.count > 2, "\(name)")
    #expect(result.images.first == start, "\(name): first frame")
    #expect(result.images.last == end, "\(name): last frame")
    #expect(result.frames.allSatisfy { $0.height == result.size.height }, "\(name)")

    var previousWeight = 0.0
    var reached = 0.0
    var previous = start.rgba
    for (number, image) in result.images.enumerated() {
      var weights: [Double] = []
      var outside = 0
      var backwards = 0
      for offset in image.rgba.indices {
        let from = Int(start.rgba[offset])
        let to = Int(end.rgba[offset])
        let now = Int(image.rgba[offset])
        let before = Int(previous[offset])
        // Between the ends, and no step back towards the start.
        if now < min(from, to) - 1 || now > max(from, to) + 1 { outside += 1 }
        if (to > from && now < before - 1) || (to < from && now > before + 1) { backwards += 1 }
        if abs(to - from) > 100 { weights.append(Double(now - from) / Double(to - from)) }
      }
      #expect(outside == 0, "\(name) frame \(number): bytes outside the stills' range")
      #expect(backwards == 0, "\(name) frame \(number): bytes moving back")
      previous = image.rgba
      let weight = weights.reduce(0, +) / Double(max(weights.count, 1))
      // The clamped progress, never going back (a spring's overshoot does not flicker).
      reached = max(reached, min(max(result.frames[number].progress, 0), 1))
      #expect(abs(weight - reached) < 0.02, "\(name) frame \(number): \(weight) vs \(reached)")
      #expect(weight >= previousWeight - 0.005, "\(name) frame \(number)")
      previousWeight = weight
    }
  }

  /// The same component without Reduce Motion moves: its middle frame is not a mix of the stills
  /// of the same openness, which the dissolve's is by construction.
  @Test func reduceMotionChangesTheFramesNotTheirTiming() throws {
    let component = Self.cases[0].1
    var options = RenderOptions(width: 327)
    let moving = try Renderer().renderAnimation(component, options: options, keepingFrames: true)
    options.accessibilityReduceMotion = true
    let dissolving = try Renderer().renderAnimation(
      component, options: options, keepingFrames: true)
    #expect(moving.frames.map(\.progress) == dissolving.frames.map(\.progress))
    #expect(moving.frames.map(\.time) == dissolving.frames.map(\.time))
    #expect(moving.images.first == dissolving.images.first)
    #expect(moving.images.last == dissolving.images.last)
    let middle = moving.images.count / 2
    #expect(moving.images[middle] != dissolving.images[middle])
    #expect(moving.pixelSize == dissolving.pixelSize)
  }
}
