import Foundation
import TestSupport
import Testing

@testable import ExpandablePreview

/// `--frames` gets each frame as it is drawn instead of the whole list at the end, so an
/// animation of a large canvas holds one frame at a time.
@Suite struct StreamedFramesTests {
  @Test func eachFrameArrivesInOrderAsTheKeptFramesWouldBeWithoutBeingKept() throws {
    let component = ExpandableText(text: TestTexts.developer).lineLimit(2)
      .expandAnimation(.easeOut)
    let options = RenderOptions(width: 240, framesPerSecond: 20)
    let kept = try Renderer().renderAnimation(component, options: options, keepingFrames: true)
    var streamed: [(Int, Image)] = []
    let result = try Renderer().renderAnimation(component, options: options) { index, image in
      streamed.append((index, image))
    }
    #expect(result.images.isEmpty)
    #expect(result.apng == kept.apng)
    #expect(streamed.map(\.0) == Array(kept.images.indices))
    #expect(streamed.map(\.1) == kept.images)
  }
}
