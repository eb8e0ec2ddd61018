import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

extension SnapshotConfiguration {
  /// The golden store `EXPANDABLE_PREVIEW_GOLDEN_STORE` names (`GoldenStore.storeVariable`)
  /// when ``goldenStore`` is not set, read by the engine's parser so it means what it means to
  /// `verify` and the workbench: a folder path or `file://` URL is a `FolderBlobStore`, an
  /// `http(s)://` URL an HTTP store (a bearer token in `EXPANDABLE_PREVIEW_GOLDEN_STORE_TOKEN`);
  /// nil when the variable is unset or empty.
  ///
  /// - Throws: the engine's `EngineError` naming the variable when its value is not a store
  ///   (the value is not repeated: an HTTP URL may hold a password).
  public static func goldenStore(environment: [String: String]) throws -> (any GoldenBlobStore)? {
    try GoldenStoreSetting.blobs(
      flag: nil, environment: environment, setting: GoldenStore.storeVariable)
  }
}
