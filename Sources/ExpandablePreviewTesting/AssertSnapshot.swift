import ExpandablePreview
import Foundation

/// Renders `component` at `width` points with default options and compares it with its golden,
/// reporting a failure through Swift Testing or XCTest, whichever runs the test.
///
/// The golden is `<directory>/<name>.png`, where the directory is the suite's
/// ``SnapshotConfiguration/directory`` or `Snapshots/<test file name>/` beside the test file.
/// Goldens are written in the record mode (argument, configuration, `EXPANDABLE_PREVIEW_RECORD`,
/// then `missing`, or `never` on CI). On failure the actual image and a three-panel diff are
/// written to the artifacts folder and the message says where.
///
/// - Parameters:
///   - component: the component to render.
///   - width: the component's width in points; use the `options:` form to set more.
///   - name: the golden's name without `.png`; may contain `/` for subfolders. By default the
///     calling test's name (`testBio()` → `testBio`): a test that asserts more than one
///     snapshot names each.
///   - record: overrides the record mode for this assertion.
///   - fileID: the calling file's ID, for the accept command's filter; leave the default.
///   - filePath: the calling file's path, which locates the golden; leave the default.
///   - function: the calling test, which names the golden; leave the default.
///   - line: the line a failure is reported at; leave the default.
///   - column: the column a failure is reported at; leave the default.
public func assertSnapshot(
  of component: ExpandableText, width: Double, named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
  assertSnapshot(
    of: component, options: RenderOptions(width: width), named: name, record: record,
    fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Renders `component` with `options` (their `width` is the component's width) and compares it
/// with its golden; otherwise as ``assertSnapshot(of:width:named:record:fileID:filePath:function:line:column:)``.
public func assertSnapshot(
  of component: ExpandableText, options: RenderOptions, named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
  guard
    let failure = snapshotFailure(
      of: component, options: options, named: name, record: record, fileID: fileID,
      filePath: filePath, function: function)
  else { return }
  FailureReporter.fail(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The check behind ``assertSnapshot(of:width:named:record:fileID:filePath:function:line:column:)``
/// without reporting: returns the failure message, or nil when the snapshot matches. `fileID`,
/// `filePath` and `function` locate the golden and name the test in the accept command.
public func verifySnapshot(
  of component: ExpandableText, width: Double, named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function
) -> String? {
  verifySnapshot(
    of: component, options: RenderOptions(width: width), named: name, record: record,
    fileID: fileID, filePath: filePath, function: function)
}

/// The check behind ``assertSnapshot(of:options:named:record:fileID:filePath:function:line:column:)``
/// without reporting: returns the failure message, or nil when the snapshot matches.
public func verifySnapshot(
  of component: ExpandableText, options: RenderOptions, named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: StaticString = #function
) -> String? {
  snapshotFailure(
    of: component, options: options, named: name, record: record, fileID: fileID,
    filePath: filePath, function: function)?.message
}

/// The failure behind ``verifySnapshot(of:options:named:record:fileID:filePath:function:)``
/// with the artifact files to attach.
func snapshotFailure(
  of component: ExpandableText, options: RenderOptions, named name: String?, record: RecordMode?,
  fileID: StaticString, filePath: StaticString, function: StaticString
) -> SnapshotFailure? {
  snapshotFailure(
    named: name, record: record, fileID: fileID, filePath: filePath, function: function
  ) { renderer in
    RenderedSnapshot(try renderer.render(component, options: options), by: renderer)
  }
}

/// The failure of the snapshot `render` draws (a still or an animation), or nil when it
/// matches its golden; `fileID`, `filePath` and `function` locate the golden and name the test.
func snapshotFailure(
  named name: String?, record: RecordMode?, fileID: StaticString, filePath: StaticString,
  function: StaticString, render: (Renderer) throws -> RenderedSnapshot
) -> SnapshotFailure? {
  let name = name ?? SnapshotName.fromTest(function: "\(function)")
  let verifier = SnapshotVerifier(
    configuration: SnapshotConfiguration.current, testFile: URL(fileURLWithPath: "\(filePath)"),
    testFilter: TestFilter.current(
      fileID: "\(fileID)", filePath: "\(filePath)", function: "\(function)"))
  do {
    return try verifier.check(named: name, record: record, render: render)
  } catch {
    return SnapshotFailure(message: "Snapshot '\(name)': \(error)")
  }
}

/// Default golden names.
enum SnapshotName {
  /// The test's name as `#function` spells it, without the argument list: `testBio()` and
  /// `bio(appearance:)` become `testBio` and `bio`.
  static func fromTest(function: String) -> String {
    let name = function.prefix { $0 != "(" }
    return name.isEmpty ? "snapshot" : String(name)
  }
}
