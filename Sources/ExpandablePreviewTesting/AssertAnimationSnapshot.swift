import ExpandablePreview
import Foundation

/// Renders `component`'s `ExpandableText.expandAnimation` in `direction` at `width` points
/// with default options and compares it with its animated PNG golden frame by frame, reporting
/// a failure through Swift Testing or XCTest, whichever runs the test.
///
/// The golden is `<directory>/<name>.png`, an animated PNG, found and recorded as
/// ``assertSnapshot(of:width:named:record:fileID:filePath:function:line:column:)`` finds and
/// records a still's. It fails on another frame count, loop count or frame delay, or on the
/// first frame whose pixels differ (named in the message, its three panels in the artifacts).
///
/// - Parameters:
///   - component: the component, with its `ExpandableText.expandAnimation` (the curve and
///     duration); one without an animation fails with the renderer's message.
///   - width: the component's width in points; use the `options:` form to set more (the
///     frame rate is `RenderOptions.framesPerSecond`).
///   - direction: whether the animation expands or collapses.
///   - name: the golden's name without `.png`; by default the calling test's name.
///   - record: overrides the record mode for this assertion.
///   - fileID: the calling file's ID, for the accept command's filter; leave the default.
///   - filePath: the calling file's path, which locates the golden; leave the default.
///   - function: the calling test, which names the golden; leave the default.
///   - line: the line a failure is reported at; leave the default.
///   - column: the column a failure is reported at; leave the default.
public func assertSnapshot(
  of component: ExpandableText, width: Double, animating direction: AnimationDirection,
  named name: String? = nil, record: RecordMode? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshot(
    of: component, options: RenderOptions(width: width), animating: direction, named: name,
    record: record, fileID: fileID, filePath: filePath, function: function, line: line,
    column: column)
}

/// Renders `component`'s animation in `direction` with `options` (their `state` is ignored:
/// the direction says where it starts) and compares it with its animated PNG golden; otherwise
/// as ``assertSnapshot(of:width:animating:named:record:fileID:filePath:function:line:column:)``.
public func assertSnapshot(
  of component: ExpandableText, options: RenderOptions, animating direction: AnimationDirection,
  named name: String? = nil, record: RecordMode? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  guard
    let failure = animationFailure(
      of: component, options: options, direction: direction, named: name, record: record,
      fileID: fileID, filePath: filePath, function: function)
  else { return }
  FailureReporter.fail(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The check behind
/// ``assertSnapshot(of:options:animating:named:record:fileID:filePath:function:line:column:)``
/// without reporting: returns the failure message, or nil when the animation matches.
public func verifySnapshot(
  of component: ExpandableText, options: RenderOptions, animating direction: AnimationDirection,
  named name: String? = nil, record: RecordMode? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function
) -> String? {
  animationFailure(
    of: component, options: options, direction: direction, named: name, record: record,
    fileID: fileID, filePath: filePath, function: function)?.message
}

/// The failure of an animation's snapshot, with the artifact files to attach.
func animationFailure(
  of component: ExpandableText, options: RenderOptions, direction: AnimationDirection,
  named name: String?, record: RecordMode?, fileID: StaticString, filePath: StaticString,
  function: StaticString
) -> SnapshotFailure? {
  snapshotFailure(
    named: name, record: record, fileID: fileID, filePath: filePath, function: function
  ) { renderer in
    // The frames are kept: the golden is compared frame by frame.
    let animation = try renderer.renderAnimation(
      component, options: options, direction: direction, keepingFrames: true)
    return RenderedSnapshot(animation, by: renderer)
  }
}
