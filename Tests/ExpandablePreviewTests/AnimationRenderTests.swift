import Dispatch
import Foundation
import TestSupport
import Testing

@testable import ExpandablePreview

/// Rendered animations: their ends are the stills, their heights the curve's, their frames
/// the same as frames painted whole.
@Suite struct AnimationRenderTests {
  static let options = RenderOptions(width: 327)
  static let developer = ExpandableText(text: TestTexts.developer).collapseButton(nil)
    .expandAnimation(.easeOut)
  static let less = TextSet(text: "less")

  /// Named components covering both styles, collapse labels, their placement and RTL.
  static let cases: [(String, ExpandableText)] = [
    ("fade", developer),
    ("fade, collapse label on the last line", developer.collapseButton(less)),
    ("fade, collapse label below", developer.collapseButton(less, placement: .belowText)),
    ("ellipsis", developer.truncationStyle(.ellipsis)),
    ("ellipsis, collapse label", developer.truncationStyle(.ellipsis).collapseButton(less)),
    (
      "ellipsis, collapse label below",
      developer.truncationStyle(.ellipsis).collapseButton(less, placement: .belowText)
    ),
    ("fade, RTL", ExpandableText(text: TestTexts.arabic).lineLimit(2).expandAnimation(.easeOut)),
    (
      "ellipsis, RTL",
      ExpandableText(text: TestTexts.hebrew).lineLimit(2).truncationStyle(.ellipsis)
        .collapseButton(less).expandAnimation(.easeInOut)
    ),
    ("fade, padded, spring", developer.collapseButton(less).expandAnimation(.spring)),
    // A label taller than the first line moves the collapsed text down; it moves back up.
    (
      "fade, tall label",
      developer.lineLimit(1).expandButton(TextSet(text: "more", font: .custom("DejaVu Sans 34")))
    ),
    // A label taller than the whole expanded text: the collapsed still is the taller one.
    ("fade, label taller than the text", labelTallerThanText),
    ("ellipsis, label taller than the text", labelTallerThanText.truncationStyle(.ellipsis)),
  ]

  static let labelTallerThanText = ExpandableText(
    text: "One two three four five six seven eight nine ten eleven twelve thirteen fourteen"
  )
  .lineLimit(1)
  .expandButton(TextSet(text: "more", font: .custom("DejaVu Sans 60"))).expandAnimation(.easeOut)

  /// `image` on a canvas `height` pixels tall, the rows below filled with the background.
  static func onCanvas(_ image: Image, height: Int, background: Color.RGBA) -> Image {
    // Cairo keeps 16-bit channels (rounded) and drops the low byte for 8-bit surfaces.
    let pixel = [background.red, background.green, background.blue, background.alpha].map {
      UInt8(UInt16(($0 * 65535).rounded(.toNearestOrAwayFromZero)) >> 8)
    }
    var rgba = image.rgba
    for _ in 0..<((height - image.height) * image.width) { rgba += pixel }
    return Image(width: image.width, height: height, rgba: rgba)
  }

  static func stills(_ component: ExpandableText, _ options: RenderOptions) throws -> (
    collapsed: Image, expanded: Image
  ) {
    var collapsed = options
    collapsed.state = .collapsed
    var expanded = options
    expanded.state = .expanded
    let collapsedImage = try render(component, collapsed).image!
    let expandedImage = try render(component, expanded).image!
    let background = (options.background ?? .systemBackground).resolved(in: options.appearance)
    // The canvas fits both stills.
    let height = max(collapsedImage.height, expandedImage.height)
    return (
      onCanvas(collapsedImage, height: height, background: background),
      onCanvas(expandedImage, height: height, background: background)
    )
  }

  @Test(arguments: [
    RenderOptions(width: 327),
    RenderOptions(
      width: 300, scale: 3, padding: EdgeInsets(all: 16),
      background: Color(.init(red: 1, green: 0.95, blue: 0.84))),
  ])
  func firstAndLastFramesEqualTheStills(options: RenderOptions) throws {
    for (name, component) in Self.cases {
      let result = try Renderer().renderAnimation(component, options: options, keepingFrames: true)
      let stills = try Self.stills(component, options)
      #expect(difference(result.images.first, stills.collapsed) == nil, "\(name): first frame")
      #expect(difference(result.images.last, stills.expanded) == nil, "\(name): last frame")
      #expect(result.images.count == result.frames.count)
      #expect(!result.isStill, "\(name): the text exceeds its line limit")
      // The frames in between differ from both ends: something moves.
      let middle = result.images[result.frames.firstIndex { $0.openness > 0.3 }!]
      #expect(difference(middle, stills.collapsed) != nil, "\(name)")
      #expect(difference(middle, stills.expanded) != nil, "\(name)")
      guard component.collapseButton != nil else { continue }
      let collapsing = try Renderer().renderAnimation(
        component, options: options, direction: .collapsing, keepingFrames: true)
      #expect(
        difference(collapsing.images.first, stills.expanded) == nil,
        "\(name): collapsing starts expanded")
      #expect(
        difference(collapsing.images.last, stills.collapsed) == nil,
        "\(name): collapsing ends collapsed")
    }
  }

  /// The tall label case is there for the text's inset: check that it has one to move.
  @Test func theTallLabelCaseMovesTheText() throws {
    let component = try #require(Self.cases.first { $0.0 == "fade, tall label" }).1
    var collapsed = Self.options
    collapsed.state = .collapsed
    var expanded = Self.options
    expanded.state = .expanded
    #expect(try Renderer().layout(component, options: collapsed).origin.y > 0)
    #expect(try Renderer().layout(component, options: expanded).origin.y == 0)
  }

  /// A text within its line limit has nothing to expand: both stills are the same, and the
  /// animation is that one frame, not a run of identical frames.
  @Test func aTextThatFitsIsOneFrameTheStill() throws {
    let short = ExpandableText(text: "Great coffee.").collapseButton(Self.less)
      .expandAnimation(.easeOut)
    for component in [short, short.truncationStyle(.ellipsis)] {
      let stills = try Self.stills(component, Self.options)
      #expect(difference(stills.collapsed, stills.expanded) == nil, "the states draw the same")
      for direction in AnimationDirection.allCases {
        let result = try Renderer().renderAnimation(
          component, options: Self.options, direction: direction, keepingFrames: true)
        #expect(result.isStill)
        #expect(
          result.frames == [
            AnimationFrame(
              time: 0, progress: 1, openness: direction == .expanding ? 1 : 0,
              height: result.expanded.size.height, delay: 1.0 / 60)
          ])
        #expect(difference(result.images.first, stills.expanded) == nil)
        let decoded = try APNGAnimation(data: result.apng)
        #expect(decoded.frames.count == 1)
        #expect(difference(decoded.frames.first?.image, stills.expanded) == nil)
      }
    }
  }

  /// The taller-label cases are there for a collapsed still taller than the expanded one: check
  /// that it is, and that the canvas is the collapsed still's height, not the expanded one's.
  @Test func aLabelTallerThanTheTextMakesTheCanvasTheCollapsedHeight() throws {
    for (name, component) in Self.cases where name.hasSuffix("label taller than the text") {
      var collapsed = Self.options
      collapsed.state = .collapsed
      var expanded = Self.options
      expanded.state = .expanded
      let low = try render(component, expanded).image!.height
      let high = try render(component, collapsed).image!.height
      #expect(high > low, "\(name)")
      let result = try Renderer().renderAnimation(
        component, options: Self.options, keepingFrames: true)
      #expect(Int(result.pixelSize.height) == high, "\(name)")
      #expect(result.images.allSatisfy { $0.height == high }, "\(name)")
      #expect(result.frames.first?.height == result.collapsed.size.height, "\(name)")
      #expect(result.frames.last?.height == result.expanded.size.height, "\(name)")
      let decoded = try APNGAnimation(data: result.apng)
      #expect(decoded.height == high, "\(name)")
    }
  }

  /// Each frame repaints only the rows that can change; painted whole, it must look the same.
  @Test func framesPaintedInPartsEqualFramesPaintedWhole() throws {
    let renderer = try Renderer()
    for (name, component) in Self.cases {
      for direction in AnimationDirection.allCases
      where direction == .expanding || component.collapseButton != nil {
        let result = try renderer.renderAnimation(
          component, options: Self.options, direction: direction, keepingFrames: true)
        var collapsedOptions = Self.options
        collapsedOptions.state = .collapsed
        var expandedOptions = Self.options
        expandedOptions.state = .expanded
        let painter = FramePainter(
          collapsed: try renderer.layout(component, options: collapsedOptions),
          expanded: try renderer.layout(component, options: expandedOptions),
          options: expandedOptions, style: component.truncationStyle)
        let size = result.pixelSize
        for (index, frame) in result.frames.enumerated() {
          let surface = try CairoImageSurface(
            width: Int(size.width), height: Int(size.height), pixels: ScratchBuffer())
          try painter.paint(openness: frame.openness, rows: 0..<surface.height, on: surface)
          #expect(
            difference(try surface.image(), result.images[index]) == nil,
            "\(name) \(direction) frame \(index)")
        }
      }
    }
  }

  @Test func heightsFollowTheCurveAndTheLayouts() throws {
    let result = try Renderer().renderAnimation(Self.developer, options: Self.options)
    let low = result.collapsed.size.height
    let high = result.expanded.size.height
    #expect(result.frames.count == 22)  // round(0.35 × 60) + 1
    #expect(result.frames.first?.height == low && result.frames.last?.height == high)
    let curve = CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1)
    for (index, frame) in result.frames.enumerated() {
      let expected = low + (high - low) * curve.value(at: Double(index) / 21)
      #expect(abs(frame.height - expected) < 1e-9)
    }
  }

  @Test func springOvershootIsClippedToTheCanvas() throws {
    let component = Self.developer.expandAnimation(.spring(response: 0.5, dampingFraction: 0.4))
    let result = try Renderer().renderAnimation(
      component, options: Self.options, keepingFrames: true)
    #expect(result.frames.contains { $0.progress > 1.05 })
    #expect(result.frames.allSatisfy { $0.height <= result.size.height })
    #expect(result.size == result.expanded.size)
    #expect(result.images.allSatisfy { $0.height == Int(result.pixelSize.height) })
    #expect(
      difference(result.images.last, try Self.stills(component, Self.options).expanded) == nil)
  }

  @Test func mistakesAreRefusedClearly() throws {
    #expect(
      throws: RenderError.configuration(
        "the component has no animation to render: set expandAnimation(_:), for example .easeOut")
    ) {
      try Renderer().renderAnimation(ExpandableText(text: "Hi"), options: Self.options)
    }
    #expect(
      throws: RenderError.configuration(
        "collapsing needs a collapse label to tap: set collapseButton(_:) on the component")
    ) {
      try Renderer().renderAnimation(Self.developer, options: Self.options, direction: .collapsing)
    }
  }

  @Test func bytesAreTheSameAcrossRunsAndThreads() throws {
    let components = Self.cases.map(\.1)
    let expected = try components.map {
      try Renderer().renderAnimation($0, options: Self.options).apng
    }
    for (index, component) in components.enumerated() {
      #expect(
        try Renderer().renderAnimation(component, options: Self.options).apng == expected[index])
    }
    let results = ResultBox(count: 2 * components.count)
    DispatchQueue.concurrentPerform(iterations: 2 * components.count) { index in
      results.set(
        index,
        try? Renderer().renderAnimation(components[index % components.count], options: Self.options)
          .apng)
    }
    for index in 0..<results.count {
      #expect(results.get(index) == expected[index % components.count])
    }
  }
}

/// Nil when the images are equal; otherwise where they first differ, without their pixels
/// (an expectation on `==` would print every byte of both).
func difference(_ a: Image?, _ b: Image?) -> String? {
  guard let a, let b else { return a == nil && b == nil ? nil : "an image is missing" }
  guard a.width == b.width, a.height == b.height else {
    return "sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)"
  }
  guard let byte = a.rgba.indices.first(where: { a.rgba[$0] != b.rgba[$0] }) else {
    return nil
  }
  let pixel = byte / 4
  let count = stride(from: 0, to: a.rgba.count, by: 4).filter {
    a.rgba[$0..<$0 + 4] != b.rgba[$0..<$0 + 4]
  }.count
  return "\(count) pixels differ, the first at x \(pixel % a.width), y \(pixel / a.width)"
}

/// ``difference(_:_:)`` for lists of images: the first pair that differs, by index.
func difference(_ a: [Image], _ b: [Image]) -> String? {
  guard a.count == b.count else { return "\(a.count) and \(b.count) images" }
  for (index, pair) in zip(a, b).enumerated() {
    if let problem = difference(pair.0, pair.1) { return "image \(index): \(problem)" }
  }
  return nil
}
