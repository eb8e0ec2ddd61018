import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import Testing
import XCTest

/// The `--filter` of the accept command a mismatch prints in the calling test, whose record
/// mode comes from the environment (so the command names `swift test --filter`).
func printedAcceptFilter(
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function
) throws -> String {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("expandable-preview-accept-filter-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: root) }
  var configuration = SnapshotConfiguration(
    directory: root.appendingPathComponent("Snapshots"),
    artifacts: root.appendingPathComponent("artifacts"))
  configuration.record = .missing
  // A golden of one image, then another image checked with no record mode in code.
  _ = withSnapshotConfiguration(configuration) {
    verifySnapshot(
      of: bio, width: 327, named: "filter", fileID: fileID, filePath: filePath, function: function)
  }
  configuration.record = nil
  let message = withSnapshotConfiguration(configuration) {
    verifySnapshot(
      of: bio.lineLimit(1), width: 327, named: "filter", fileID: fileID, filePath: filePath,
      function: function)
  }
  let prefix = "To accept: \(RecordMode.environmentVariable)=failed swift test --filter '"
  guard let line = message?.split(separator: "\n").last, line.hasPrefix(prefix),
    line.hasSuffix("'")
  else { throw AcceptFilterError(message: message ?? "the check passed") }
  return String(line.dropFirst(prefix.count).dropLast())
}

struct AcceptFilterError: Error { let message: String }

/// The tests of this package as `swift test list` names them, from the running test bundle
/// (`--list-tests`): what `swift test --filter` chooses from.
enum ListedTests {
  static let swiftTesting = list(["--testing-library", "swift-testing", "--list-tests"])
  static let xcTest = list(["--list-tests"]).filter { !$0.hasPrefix("Listing ") }

  private static func list(_ arguments: [String]) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains(".") }
  }

  /// The Swift Testing tests `filter` selects: Swift Testing searches each test's identity
  /// with the expression (`Regex`, a match anywhere), as listed or with its source location.
  static func swiftTestingSelected(by filter: String) throws -> [String] {
    let regex = try Regex(filter)
    return swiftTesting.filter { $0.contains(regex) }
  }

  /// The XCTest tests `filter` selects: SwiftPM searches each `Module.Class/method` with
  /// `NSRegularExpression`.
  static func xcTestSelected(by filter: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: filter)
    return xcTest.filter {
      regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
    }
  }
}

/// Checks that the accept filter printed in the running Swift Testing test selects it alone:
/// it matches the identity Swift Testing filters on, and of every test of the package exactly
/// this one (`listed`, as `swift test list` names it), and no XCTest test.
func expectAcceptFilterSelectsOnly(_ listed: String) throws {
  let filter = try printedAcceptFilter()
  let id = "\(try #require(Test.current).id)"
  #expect(id.contains(try Regex(filter)), "\(filter) does not match \(id)")
  #expect(ListedTests.swiftTesting.contains(listed), "\(ListedTests.swiftTesting.count) listed")
  #expect(try ListedTests.swiftTestingSelected(by: filter) == [listed], "\(filter)")
  #expect(try ListedTests.xcTestSelected(by: filter).isEmpty, "\(filter)")
}

@Test func acceptFilterSelectsATestAtFileScope() throws {
  try expectAcceptFilterSelectsOnly(
    "ExpandablePreviewTestingTests.acceptFilterSelectsATestAtFileScope()")
}

/// Its name starts with the one above's: neither filter selects the other test.
@Test func acceptFilterSelectsATestAtFileScopeWithALongerName() throws {
  try expectAcceptFilterSelectsOnly(
    "ExpandablePreviewTestingTests.acceptFilterSelectsATestAtFileScopeWithALongerName()")
}

@Suite struct AcceptFilterTests {
  @Test func acceptFilterSelectsATestInASuite() throws {
    try expectAcceptFilterSelectsOnly(
      "ExpandablePreviewTestingTests.AcceptFilterTests/acceptFilterSelectsATestInASuite()")
  }

  @Test(arguments: [1, 2])
  func acceptFilterSelectsEveryCaseOfAParameterizedTest(lineLimit: Int) throws {
    try expectAcceptFilterSelectsOnly(
      "ExpandablePreviewTestingTests.AcceptFilterTests/"
        + "acceptFilterSelectsEveryCaseOfAParameterizedTest(lineLimit:)")
  }

  @Suite struct Nested {
    @Test func acceptFilterSelectsATestInANestedSuite() throws {
      try expectAcceptFilterSelectsOnly(
        "ExpandablePreviewTestingTests.AcceptFilterTests/Nested/"
          + "acceptFilterSelectsATestInANestedSuite()")
    }
  }
}

/// The printed filter in XCTest selects this test method alone.
final class AcceptFilterXCTests: XCTestCase {
  func testAcceptFilterSelectsThisXCTest() throws {
    let filter = try printedAcceptFilter()
    XCTAssertEqual(
      try ListedTests.xcTestSelected(by: filter),
      ["ExpandablePreviewTestingTests.AcceptFilterXCTests/testAcceptFilterSelectsThisXCTest"],
      filter)
    XCTAssertEqual(try ListedTests.swiftTestingSelected(by: filter), [], filter)
  }
}
