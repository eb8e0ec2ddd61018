import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// An answer leaves out the pictures the page already holds (the very bytes it was last sent
/// for that card), and never counts on an answer the page drops as stale.
@Suite struct PlaygroundUnchangedStillsTests {
  static let text =
    "A bio that is clamped to three lines. "
    + String(repeating: "Every keystroke past the cut changes only the expanded state. ", count: 5)

  static func edit(_ seq: Int, _ text: String, flags: [[String]] = [["--line-limit", "3"]])
    -> EditMessage
  {
    EditMessage(type: "edit", seq: seq, text: text, flags: flags, appearances: nil)
  }

  /// Each state's name → its picture's bytes (a still's pixel runs, an animation's APNG), or
  /// "unchanged".
  static func pictures(_ answer: [String: Any]) throws -> [String: String] {
    let states = try #require(answer["states"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: try states.map { state in
        let name = try #require(state["state"] as? String)
        if state["unchanged"] as? Bool == true {
          #expect(state["png"] == nil && state["pixels"] == nil, "\(name)")
          return (name, "unchanged")
        }
        let bytes = try #require((state["pixels"] ?? state["png"]) as? Data, "\(name)")
        return (name, bytes.base64EncodedString())
      })
  }

  @Test func aKeystrokePastTheCutSendsOnlyTheExpandedState() throws {
    let sent = SentStills()
    let first = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(1, Self.text), sent: sent))
    #expect(!first.values.contains("unchanged"))
    let again = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(2, Self.text), sent: sent))
    #expect(again == ["collapsed": "unchanged", "expanded": "unchanged"])
    let typed = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(3, Self.text + "x"), sent: sent))
    #expect(typed["collapsed"] == "unchanged")
    #expect(typed["expanded"] != "unchanged")
    #expect(typed["expanded"] != first["expanded"])
  }

  @Test func anAnswerThePageDropsAsStaleIsNeverCountedOn() throws {
    let sent = SentStills()
    _ = try PlaygroundPreviewTests.answer(Self.edit(1, "The first text."), sent: sent)
    // Edit 3 is refused at once, while edit 2 still renders: the page shows the problem, then
    // drops answer 2 (older), and keeps the first text's pictures.
    let refused = try PlaygroundPreviewTests.answer(
      Self.edit(3, "x", flags: [["--line-limit", "many"]]), sent: sent)
    #expect(refused["type"] as? String == "problem")
    let stale = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(2, "The second text."), sent: sent))
    #expect(!stale.values.contains("unchanged"))
    let next = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(4, "The second text."), sent: sent))
    #expect(!next.values.contains("unchanged"))
  }

  @Test func aProblemThatOvertakesAnOlderAnswerLeavesNothingCountedOn() throws {
    let sent = SentStills()
    _ = try PlaygroundPreviewTests.answer(Self.edit(1, "The first text."), sent: sent)
    // Answer 2 is built (and recorded), then edit 3's problem is sent at once from the main
    // loop, before answer 2 leaves: the page shows the problem and drops answer 2.
    _ = try PlaygroundPreviewTests.answer(Self.edit(2, "The second text."), sent: sent)
    _ = try PlaygroundPreviewTests.answer(
      Self.edit(3, "x", flags: [["--line-limit", "many"]]), sent: sent)
    let next = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(4, "The second text."), sent: sent))
    #expect(!next.values.contains("unchanged"))
  }

  /// Each part encodes its still's patch as soon as it is rendered, against what the page
  /// held then; a problem answered before the last part sends the answer makes those patches
  /// void: the page drops this answer (it is older), so it builds on nothing.
  @Test func aProblemWhileAnEditRendersLeavesItsPartsPatchesUnused() throws {
    let sent = SentStills()
    _ = try PlaygroundPreviewTests.answer(Self.edit(1, Self.text), sent: sent)
    let stale = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(2, Self.text), sent: sent) {
        sent.refused(seq: 3)
      })
    #expect(!stale.values.contains("unchanged"))
    // A record cleared without making the answer stale (a refusal of an older edit): the
    // answer is shown, and built on nothing either.
    _ = try PlaygroundPreviewTests.answer(Self.edit(4, Self.text), sent: sent)
    let cleared = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(5, Self.text), sent: sent) {
        sent.refused(seq: 1)
      })
    #expect(!cleared.values.contains("unchanged"))
    let next = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(6, Self.text), sent: sent))
    #expect(next == ["collapsed": "unchanged", "expanded": "unchanged"])
  }

  @Test func aCardThePageDroppedIsSentWhole() throws {
    let sent = SentStills()
    let flags = [["--line-limit", "3"], ["--animate", "easeOut"]]
    _ = try PlaygroundPreviewTests.answer(Self.edit(1, Self.text, flags: flags), sent: sent)
    _ = try PlaygroundPreviewTests.answer(Self.edit(2, Self.text), sent: sent)
    let back = try Self.pictures(
      PlaygroundPreviewTests.answer(Self.edit(3, Self.text, flags: flags), sent: sent))
    #expect(back["collapsed"] == "unchanged")
    #expect(back["expanding"] != nil && back["expanding"] != "unchanged")
  }
}
