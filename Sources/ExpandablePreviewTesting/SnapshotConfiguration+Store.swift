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
  /// - Throws: ``GoldenStoreSettingError`` naming the variable when its value is not a store.
  public static func goldenStore(environment: [String: String]) throws -> (any GoldenBlobStore)? {
    do {
      return try GoldenStoreSetting.blobs(flag: nil, environment: environment)
    } catch {
      // The engine's words name its flag; here the variable is what the user set. The value is
      // not repeated: an HTTP URL may hold a password.
      throw GoldenStoreSettingError(
        description: error.description.replacingOccurrences(
          of: "--golden-store:", with: "\(GoldenStore.storeVariable):"))
    }
  }
}

/// A golden store variable that names no store, in words naming it.
public struct GoldenStoreSettingError: Error, Sendable, CustomStringConvertible {
  /// The variable and what is wrong with its value.
  public let description: String
}
