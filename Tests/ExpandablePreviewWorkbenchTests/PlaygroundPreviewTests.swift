import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Synchronization
import Testing

@testable import ExpandablePreviewWorkbench

/// What the playground's answer carries beside the images: both appearances side by side when
/// asked for, and the accessibility overlay the settings ask for.
@Suite struct PlaygroundPreviewTests {
  static func edit(_ flags: [[String]], appearances: [String]? = nil) -> EditMessage {
    EditMessage(
      type: "edit", seq: 1,
      text: "The quick brown fox jumps over the lazy dog. "
        + String(
          repeating: "Pack my box with five dozen liquor jugs. ", count: 6), flags: flags,
      appearances: appearances)
  }

  /// Renders `edit` through its parts on this thread and decodes the answer: its JSON, with
  /// each state's `png`, `pixels` and `overlay` replaced by their bytes from a binary
  /// answer's payload.
  /// `sent`: what the page was sent before (nothing by default); `afterFirstPart` runs
  /// between the first part and the others (what happens on the loop while they render).
  static func answer(
    _ edit: EditMessage, sent: SentStills = SentStills(), afterFirstPart: () -> Void = {}
  ) throws -> [String: Any] {
    let renderer = try Renderer(fontSet: .standard)
    let answer = Mutex<SocketMessage?>(nil)
    let parts = PlaygroundRender.parts(of: edit, arrived: .now, sent: sent) { message in
      answer.withLock { $0 = message }
    }
    for (index, part) in parts.enumerated() {
      part(renderer)
      if index == 0 { afterFirstPart() }
    }
    switch try #require(answer.withLock { $0 }) {
    case .text(let text):
      return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    case .binary(let bytes):
      let read = try BinaryAnswerReading(bytes)
      var header = read.header
      let states = try #require(header["states"] as? [[String: Any]])
      header["states"] = try states.map { state in
        var state = state
        state["png"] = try state["png"].map { try read.bytes(of: $0) }
        state["pixels"] = try state["pixels"].map { try read.bytes(of: $0) }
        state["overlay"] = try state["overlay"].map { try read.bytes(of: $0) }
        return state
      }
      return header
    }
  }

  @Test func bothAppearancesRenderEveryStateInLightAndDark() throws {
    let message = try Self.answer(
      Self.edit(
        [["--appearance", "dark"], ["--line-limit", "2"]], appearances: ["light", "dark"]))
    let states = try #require(message["states"] as? [[String: Any]])
    let pairs = states.map { "\($0["appearance"] ?? "")/\($0["state"] ?? "")" }
    #expect(pairs == ["light/collapsed", "dark/collapsed", "light/expanded", "dark/expanded"])
    // Light and dark differ; the copy keeps the appearance the flags set.
    #expect(states[0]["pixels"] as? Data != states[1]["pixels"] as? Data)
    #expect((message["item"] as? String)?.contains("\"appearance\": \"dark\"") == true)
  }

  @Test func anUnknownAppearanceSideBySideIsAProblemNamingIt() throws {
    let message = try Self.answer(Self.edit([], appearances: ["light", "dusk"]))
    #expect(message["type"] as? String == "problem")
    #expect((message["message"] as? String)?.contains("unknown appearance 'dusk'") == true)
  }

  @Test func theAccessibilityOverlayReachesThePageForStillsOnly() throws {
    let message = try Self.answer(
      Self.edit([["--accessibility-overlay", "true"], ["--animate", "easeOut"]]))
    let states = try #require(message["states"] as? [[String: Any]])
    for state in states {
      let name = state["state"] as? String ?? ""
      let overlay = state["overlay"] as? Data
      if name == "collapsed" || name == "expanded" {
        let bytes = try #require(overlay)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name)")
        #expect(state["pixels"] is Data, "\(name)")
      } else {
        #expect(overlay == nil, "\(name)")
      }
    }
    let plain = try #require(try Self.answer(Self.edit([]))["states"] as? [[String: Any]])
    #expect(plain.allSatisfy { $0["overlay"] == nil })
  }
}
