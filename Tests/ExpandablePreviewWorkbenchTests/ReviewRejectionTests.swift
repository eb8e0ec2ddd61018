import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// A reviewer's reject: the note is kept in the artifacts folder, the next `verify` there shows
/// "rejected by reviewer: NOTE" on the entry in report.json and (escaped) in report.html, and an
/// approve forgets it. Also what the page is sent for the selected failure: the readable text
/// diff and both images' sizes.
@Suite struct ReviewRejectionTests {
  typealias Planted = GoldenReviewTests.Planted

  /// Sends `body` to the review's `action` and waits for the answer: status and body.
  static func send(
    _ action: (Data, @escaping (HTTPServer.Response) -> Void) -> Void, _ body: String
  ) -> (status: Int, text: String) {
    let answered = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var answer = (status: 0, text: "")
    action(Data(body.utf8)) { response in
      answer = (response.status, String(decoding: response.body, as: UTF8.self))
      answered.signal()
    }
    answered.wait()
    return answer
  }

  /// A running review of `planted` (one run done) on its own loop, handed to `body`.
  static func withReview(_ planted: Planted, _ body: (Review) throws -> Void) rethrows {
    let loop = MainLoopThread()
    defer {
      loop.quit()
      loop.wait()
    }
    let review = Review(
      manifest: planted.manifest, snapshots: planted.snapshots.path,
      artifacts: planted.artifacts.path, workers: 1, loop: loop)
    review.run()
    review.wait()
    try body(review)
  }

  static func json(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aRejectionsNoteIsShownByTheNextVerifysReportEscaped() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let note = "The label <b>hides</b> “the last word” & more"
    try Self.withReview(planted) { review in
      let answer = Self.send(review.reject, "\(planted.golden)\n\(note)")
      #expect(answer.status == 200)
      let items = try #require(try Self.json(review.state)["items"] as? [[String: Any]])
      #expect(items.first?["rejection"] as? String == note)
    }
    let record = planted.artifacts.appendingPathComponent("review-rejections.json")
    #expect(String(decoding: try Data(contentsOf: record), as: UTF8.self).contains("hides"))
    // The next verify of that artifacts folder: the entry says so; the record stays, the image
    // still failing.
    #expect(
      runTool([
        "verify", planted.manifest, "--snapshots", planted.snapshots.path, "--artifacts",
        planted.artifacts.path, "--record", "never", "--quiet",
      ]) == 1)
    let report = try Self.json(
      Data(contentsOf: planted.artifacts.appendingPathComponent("report.json")))
    let images = try #require(report["images"] as? [[String: Any]])
    let entry = try #require(images.first { $0["path"] as? String == planted.golden })
    #expect(entry["rejection"] as? String == "rejected by reviewer: \(note)")
    #expect(images.filter { $0["rejection"] != nil }.count == 1)
    let html = String(
      decoding: try Data(contentsOf: planted.artifacts.appendingPathComponent("report.html")),
      as: UTF8.self)
    #expect(
      html.contains(
        "rejected by reviewer: The label &lt;b&gt;hides&lt;/b&gt; “the last word” &amp; more"))
    #expect(!html.contains("<b>hides</b>"))
    #expect(FileManager.default.fileExists(atPath: record.path))
  }

  @Test func aRejectedImageThatIsApprovedIsNoLongerRejected() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let record = planted.artifacts.appendingPathComponent("review-rejections.json")
    try Self.withReview(planted) { review in
      #expect(Self.send(review.reject, planted.golden).status == 200)  // without a note
      let items = try #require(try Self.json(review.state)["items"] as? [[String: Any]])
      #expect(items.first?["rejection"] as? String == "")
      #expect(FileManager.default.fileExists(atPath: record.path))
      #expect(Self.send(review.approve, planted.golden).status == 200)
      #expect(!FileManager.default.fileExists(atPath: record.path))
    }
  }

  @Test func onlyAListedFailureCanBeRejectedAndAForeignFolderIsNotWritten() throws {
    let planted = try Planted()
    defer { planted.remove() }
    // A folder of the user's (not marked as the tool's): nothing is written into it.
    try FileManager.default.createDirectory(
      at: planted.artifacts, withIntermediateDirectories: true)
    let mine = planted.artifacts.appendingPathComponent("notes.txt")
    try Data("mine".utf8).write(to: mine)
    Self.withReview(planted) { review in
      let unlisted = Self.send(review.reject, "same/collapsed@2x.png\nno")
      #expect(unlisted.status == 409)
      #expect(unlisted.text.contains("not among the images the current verify run lists"))
      let foreign = Self.send(review.reject, "\(planted.golden)\nno")
      #expect(foreign.status == 409)
      #expect(foreign.text.contains("was not made by expandable-preview"))
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: planted.artifacts.path) == ["notes.txt"])
  }

  @Test func theSelectedFailureCarriesTheTextDiffAndBothSizes() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try Self.withReview(planted) { review in
      let items = try #require(try Self.json(review.state)["items"] as? [[String: Any]])
      let item = try #require(items.first)
      let texts = try #require(item["texts"] as? [String: [String]])
      #expect(texts["recorded"] == ["A short bio", "", "."])
      #expect(texts["now"] == ["A short bio", ", changed", "."])
      let sizes = try #require(item["sizes"] as? [String: [Int]])
      #expect(sizes["expected"]?.first == 480)
      #expect(sizes["actual"]?.first == 480)
    }
  }
}
