import ExpandablePreview

#if canImport(Testing)
  import ExpandablePreview
  import Foundation
  import Testing

  /// A Swift Testing trait that sets the ``SnapshotConfiguration`` for a suite or a test.
  public struct SnapshotTrait: SuiteTrait, TestTrait, TestScoping {
    /// The folder, record mode, tolerances, fonts and artifacts folder it sets.
    public let configuration: SnapshotConfiguration

    /// Applies to every test in a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs the test, or every test of the suite, with ``configuration`` merged into the
    /// enclosing one.
    public func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      // Field by field: a test's trait inside its suite's keeps what the suite set.
      try await withSnapshotConfiguration(configuration) { try await function() }
    }
  }

  extension Trait where Self == SnapshotTrait {
    /// Goldens in `directory`, a record mode, diff options, pinned fonts, an artifacts folder
    /// and a compare mode for every snapshot assertion of the suite or test; what is left nil
    /// keeps the enclosing suite's (or `withSnapshotConfiguration(_:operation:)`'s) value.
    public static func snapshots(
      directory: URL? = nil, record: RecordMode? = nil, diff: DiffOptions? = nil,
      fonts: [URL]? = nil, artifacts: URL? = nil, compare: CompareMode? = nil
    ) -> SnapshotTrait {
      SnapshotTrait(
        configuration: SnapshotConfiguration(
          directory: directory, record: record, diff: diff, fonts: fonts, artifacts: artifacts,
          compare: compare))
    }
  }
#endif
