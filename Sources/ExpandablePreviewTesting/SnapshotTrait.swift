import ExpandablePreview

#if canImport(Testing)
  import ExpandablePreview
  import Foundation
  import Testing

  /// A Swift Testing trait that sets the ``SnapshotConfiguration`` for a suite or a test.
  public struct SnapshotTrait: SuiteTrait, TestTrait, TestScoping {
    public let configuration: SnapshotConfiguration

    /// Applies to every test in a suite it is attached to.
    public var isRecursive: Bool { true }

    public func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      try await SnapshotConfiguration.$current.withValue(configuration) { try await function() }
    }
  }

  extension Trait where Self == SnapshotTrait {
    /// Goldens in `directory`, and optionally a record mode, diff options and pinned fonts, for
    /// every snapshot assertion of the suite or test.
    public static func snapshots(
      directory: URL? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
      fonts: [URL]? = nil
    ) -> SnapshotTrait {
      SnapshotTrait(
        configuration: SnapshotConfiguration(
          directory: directory, record: record, diff: diff, fonts: fonts))
    }
  }
#endif
