import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// An answer sends a still's changed rows only, when the page holds the picture it was last
/// sent for that card at the same size (``StillPatch``): drawn over that picture, they give
/// exactly the picture a page holding nothing is sent whole.
@Suite struct PlaygroundStillPatchTests {
  static let text = PlaygroundUnchangedStillsTests.text

  /// The expanded state's entry of `edit`'s answer, with its pixels read back.
  static func expanded(_ edit: EditMessage, sent: SentStills) throws -> (
    top: Int?, image: Image
  ) {
    let answer = try PlaygroundPreviewTests.answer(edit, sent: sent)
    let states = try #require(answer["states"] as? [[String: Any]])
    let state = try #require(states.first { $0["state"] as? String == "expanded" })
    let runs = try #require(state["pixels"] as? Data)
    return (state["pixelsTop"] as? Int, try #require(PixelRunsTests.decode(runs)))
  }

  /// `rows` drawn over `picture` from row `top` down.
  static func drawn(_ rows: Image, at top: Int, over picture: Image) -> Image {
    var rgba = picture.rgba
    let start = top * picture.width * 4
    rgba.replaceSubrange(start..<(start + rows.rgba.count), with: rows.rgba)
    return Image(width: picture.width, height: picture.height, rgba: rgba)
  }

  @Test func aKeystrokeInTheLastLineSendsOnlyTheRowsThatChanged() throws {
    let sent = SentStills()
    let first = try Self.expanded(PlaygroundUnchangedStillsTests.edit(1, Self.text), sent: sent)
    #expect(first.top == nil)
    // The last character changed: the lines above it are as they were.
    let typed = String(Self.text.dropLast(2)) + "!"
    let patch = try Self.expanded(PlaygroundUnchangedStillsTests.edit(2, typed), sent: sent)
    let sentTop = patch.top
    let top = try #require(sentTop, "the expanded state came whole")
    #expect(top > first.image.height / 2)
    #expect(top + patch.image.height <= first.image.height)
    #expect(patch.image.width == first.image.width)
    let whole = try Self.expanded(
      PlaygroundUnchangedStillsTests.edit(1, typed), sent: SentStills())
    #expect(whole.top == nil)
    #expect(Self.drawn(patch.image, at: top, over: first.image) == whole.image)
  }

  @Test func aNewSizeSendsTheWholePicture() throws {
    let sent = SentStills()
    _ = try Self.expanded(PlaygroundUnchangedStillsTests.edit(1, Self.text), sent: sent)
    let narrower = try Self.expanded(
      PlaygroundUnchangedStillsTests.edit(
        2, Self.text, flags: [["--line-limit", "3"], ["--width", "300"]]),
      sent: sent)
    #expect(narrower.top == nil)
    #expect(narrower.image.width == 600)
  }
}
