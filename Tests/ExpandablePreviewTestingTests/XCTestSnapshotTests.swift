import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import XCTest

/// assertSnapshot from XCTest: failures arrive through XCTest's failure recording.
final class XCTestSnapshotTests: XCTestCase {
  private var failures: [String] = []
  private var folders: (root: URL, configuration: SnapshotConfiguration)!

  override func setUpWithError() throws {
    folders = try snapshotFolders("xctest")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folders.root)
  }

  /// Captures failures instead of failing, so that the test can check them.
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    failures.append(description)
  }

  private func flushFailures() -> [String] {
    defer { failures = [] }
    return failures
  }

  func testMissingGoldenFailsThroughXCTestThenMatches() {
    var configuration = folders.configuration
    configuration.record = .missing
    withSnapshotConfiguration(configuration) {
      assertSnapshot(of: bio, width: 327, named: "xctest")
    }
    let first = flushFailures()
    withSnapshotConfiguration(configuration) {
      assertSnapshot(of: bio, width: 327, named: "xctest")
    }
    let second = flushFailures()
    guard first.count == 1, first[0].contains("/xctest.png: no golden yet"), second.isEmpty else {
      super.recordFailure(
        withDescription: "expected one failure then none, got \(first) and \(second)",
        inFile: #filePath, atLine: #line, expected: true)
      return
    }
  }
}
