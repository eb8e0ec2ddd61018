import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The render record fuzz target's checks have teeth: its seed record lets a run keep every job
/// and `layout.json` it names, and the tampered seeds keep only what is exactly a job's own.
/// (One suite, run serially: the checks share one output folder per process.)
@Suite(.serialized) struct RenderRecordFuzzCheckTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/render-record-corpus")

  func check(_ seed: String) throws -> RenderRecordFuzzCheck.Outcome {
    let bytes = try Data(contentsOf: Self.corpus.appendingPathComponent(seed))
    return RenderRecordFuzzCheck.check(record: [UInt8](bytes))
  }

  @Test func theSeedRecordKeepsEveryJobAndTheLayoutFile() throws {
    #expect(
      try check("kept-jobs-and-report.json")
        == RenderRecordFuzzCheck.Outcome(keptJobs: 4, keptReports: 1, problems: []))
  }

  @Test func anEntryNamingAnotherJobsFileKeepsOnlyTheOtherJobs() throws {
    #expect(
      try check("entry-names-another-jobs-file.json")
        == RenderRecordFuzzCheck.Outcome(keptJobs: 3, keptReports: 1, problems: []))
  }

  @Test(arguments: ["path-outside-its-item.json", "report-length-near-int-max.json"])
  func aDamagedRecordIsReadAsNoRecord(seed: String) throws {
    #expect(try check(seed) == RenderRecordFuzzCheck.Outcome())
  }

  @Test func bytesThatAreNotTheToolsRecordAreRefusedInPlainWords() {
    let outcome = RenderRecordFuzzCheck.check(record: Array(#"{"jobs":[1]}"#.utf8))
    #expect(outcome == RenderRecordFuzzCheck.Outcome())
  }
}
