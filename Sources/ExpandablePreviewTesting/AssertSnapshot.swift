import ExpandablePreview
import Foundation

/// Renders `component` at `width` points and compares it with the golden named `name`,
/// reporting a failure through Swift Testing or XCTest, whichever runs the test.
///
/// The golden is `<directory>/<name>.png`, where the directory is the suite's
/// ``SnapshotConfiguration/directory`` or `Snapshots/<test file name>/` beside the test file.
/// Goldens are written in the record mode (argument, configuration, `EXPANDABLE_PREVIEW_RECORD`,
/// then `missing`, or `never` on CI). On failure the actual image and a three-panel diff are
/// written to the artifacts folder and the message says where.
///
/// - Parameters:
///   - name: the golden's name without `.png`; may contain `/` for subfolders.
///   - options: render options; `width` replaces their width.
///   - record: overrides the record mode for this assertion.
public func assertSnapshot(
  of component: ExpandableText, width: Double, named name: String,
  options: RenderOptions = RenderOptions(), record: RecordMode? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  guard
    let message = verifySnapshot(
      of: component, width: width, named: name, options: options, record: record,
      filePath: filePath)
  else { return }
  FailureReporter.fail(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The check behind ``assertSnapshot(of:width:named:options:record:fileID:filePath:line:column:)``
/// without reporting: returns the failure message, or nil when the snapshot matches.
public func verifySnapshot(
  of component: ExpandableText, width: Double, named name: String,
  options: RenderOptions = RenderOptions(), record: RecordMode? = nil,
  filePath: StaticString = #filePath
) -> String? {
  var options = options
  options.width = width
  let verifier = SnapshotVerifier(
    configuration: SnapshotConfiguration.current, testFile: URL(fileURLWithPath: "\(filePath)"))
  do {
    return try verifier.verify(component, options: options, named: name, record: record)
  } catch {
    return "Snapshot '\(name)': \(error)"
  }
}
