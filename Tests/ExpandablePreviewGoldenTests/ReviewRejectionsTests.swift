import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// The reviewer's rejections as `verify` reads them: shown on a failing entry, dropped once the
/// image matches or is recorded, kept for images the run did not check, and written atomically
/// (an empty record leaves no file).
@Suite struct ReviewRejectionsTests {
  static let failing = VerificationEntry(
    path: "bio/collapsed@2x.png", status: .mismatch, summary: "bio/collapsed@2x.png: differs")
  static let passing = VerificationEntry(
    path: "bio/expanded@2x.png", status: .match, summary: "bio/expanded@2x.png: matches")

  static func rejections() -> ReviewRejections {
    ReviewRejections([
      .init(path: failing.path, note: "  the label <hides> text\n", summary: "differs"),
      .init(path: passing.path, note: "", summary: "differed"),
      .init(path: "other/collapsed@2x.png", note: "not checked this run", summary: "differs"),
    ])
  }

  @Test func aRejectedFailureSaysSoAndAMatchingImageIsNoLongerRejected() {
    let report = VerificationReport(entries: [Self.failing, Self.passing])
    let marked = report.marking(Self.rejections())
    #expect(marked.report.entries[0].rejection == "rejected by reviewer: the label <hides> text")
    #expect(marked.report.entries[1].rejection == nil)
    #expect(
      marked.standing.rejections.map(\.path) == ["bio/collapsed@2x.png", "other/collapsed@2x.png"])
  }

  @Test func aRecordedFailureStillSaysItWasRejectedButTheRejectionEnds() {
    var recorded = Self.failing
    recorded.recorded = true
    let marked = VerificationReport(entries: [recorded]).marking(Self.rejections())
    #expect(marked.report.entries[0].rejection?.hasPrefix("rejected by reviewer") == true)
    #expect(marked.standing[Self.failing.path] == nil)
  }

  @Test func withoutANoteTheWordsAreRejectedByReviewerAlone() {
    let rejection = ReviewRejections.Rejection(path: "a.png", note: "", summary: "")
    #expect(rejection.words == "rejected by reviewer")
  }

  @Test func reportsShowTheNoteEscapedInHTMLAndAsWordsInJSON() throws {
    let marked = VerificationReport(entries: [Self.failing]).marking(Self.rejections()).report
    let html = marked.html(title: "t")
    #expect(html.contains("rejected by reviewer: the label &lt;hides&gt; text"))
    #expect(!html.contains("<hides>"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: marked.jsonData()) as? [String: Any])
    let images = try #require(json["images"] as? [[String: Any]])
    #expect(images[0]["rejection"] as? String == "rejected by reviewer: the label <hides> text")
    // junit.xml carries it in the failure's text, escaped.
    #expect(
      marked.junitXML(suiteName: "t").contains(
        "rejected by reviewer: the label &lt;hides&gt; text</failure>"))
    // An entry nobody rejected has no such key.
    let plain = try #require(
      try JSONSerialization.jsonObject(
        with: VerificationReport(entries: [Self.failing]).jsonData()) as? [String: Any])
    #expect((plain["images"] as? [[String: Any]])?[0]["rejection"] == nil)
  }

  @Test func theRecordRoundTripsSortedOnePerGoldenAndAnEmptyOneLeavesNoFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var rejections = Self.rejections()
    rejections.reject(.init(path: Self.failing.path, note: "second thoughts", summary: "differs"))
    try rejections.write(in: folder)
    let read = try ReviewRejections.read(in: folder)
    #expect(read == rejections)
    #expect(read.rejections.map(\.path) == read.rejections.map(\.path).sorted())
    #expect(read[Self.failing.path]?.note == "second thoughts")
    #expect(read.rejections.count == 3)
    try ReviewRejections().write(in: folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aNoteIsTrimmedAndCutToItsLongestInWholeCharacters() {
    let long = String(repeating: "👩‍👩‍👧", count: ReviewRejections.longestNote + 5)
    let rejections = ReviewRejections([.init(path: "a.png", note: long, summary: "")])
    let kept = rejections["a.png"]?.note ?? ""
    #expect(kept.count == ReviewRejections.longestNote)
    #expect(kept.unicodeScalars.last == "👧")
  }

  @Test func anUnreadableRecordNamesItsFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{not json".utf8).write(to: folder.appendingPathComponent(ReviewRejections.fileName))
    #expect {
      _ = try ReviewRejections.read(in: folder)
    } throws: { "\($0)".contains(ReviewRejections.fileName) }
  }
}
