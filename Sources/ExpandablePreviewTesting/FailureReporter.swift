import ExpandablePreview
import XCTest

#if canImport(Testing)
  import Testing
#endif

/// Reports a failed assertion through the framework running the test: Swift Testing when a
/// Swift Testing test is current, else XCTest.
enum FailureReporter {
  static func fail(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        return
      }
    #endif
    XCTFail(message, file: filePath, line: line)
  }
}
