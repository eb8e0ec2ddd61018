import ExpandablePreview
import Foundation
import XCTest

#if canImport(Testing)
  import Testing
#endif

/// Reports a failed assertion through the framework running the test: Swift Testing when a
/// Swift Testing test is current, else XCTest.
enum FailureReporter {
  static func fail(
    _ failure: SnapshotFailure, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    #if canImport(Testing)
      if Test.current != nil {
        let location = SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        // Swift Testing heads an issue recorded from a comment alone with "Issue recorded" and
        // puts the words on detail lines; an issue recorded from an error is headed by the
        // error's words. So the first line (the outcome) is the error, the rest the comment.
        let lines = failure.message.split(separator: "\n", maxSplits: 1).map(String.init)
        Issue.record(
          SnapshotMismatch(description: lines.first ?? failure.message),
          lines.count > 1 ? Comment(rawValue: lines[1]) : nil, sourceLocation: location)
        for (label, file) in failure.attachments {
          guard let bytes = try? Data(contentsOf: file) else { continue }
          Attachment.record(
            Array(bytes), named: "\(label)-\(file.lastPathComponent)", sourceLocation: location)
        }
        return
      }
    #endif
    XCTFail(failure.message, file: filePath, line: line)
  }
}

/// A snapshot that does not match, as a Swift Testing issue's error: its description is the
/// outcome's one line.
struct SnapshotMismatch: Error, CustomStringConvertible {
  let description: String
}
