import ExpandablePreview
import Foundation
import Testing

@Suite struct ScratchAnimationTests {
  @Test func writeFrames() throws {
    let cases: [(String, ExpandableText)] = [
      ("fade", ExpandableText(text: TestTexts.developer).expandAnimation(.easeOut)),
      ("fadecollapse", ExpandableText(text: TestTexts.developer).collapseButton(TextSet(text: "less")).expandAnimation(.easeOut)),
      ("ellipsis", ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis).collapseButton(TextSet(text: "less")).expandAnimation(.easeOut)),
      ("rtl", ExpandableText(text: TestTexts.arabic).lineLimit(2).expandAnimation(.easeOut)),
    ]
    for (name, component) in cases {
      let result = try Renderer().renderAnimation(component, options: RenderOptions(width: 327), keepingFrames: true)
      try result.apng.write(to: URL(fileURLWithPath: "/tmp/anim14/\(name).png"))
      for index in [0, 5, 10, result.images.count - 1] {
        try result.images[index].write(to: URL(fileURLWithPath: "/tmp/anim14/\(name)-\(index).png"))
      }
      print(name, result.frames.count, result.apng.count, result.frames.map { $0.height })
    }
  }
}
