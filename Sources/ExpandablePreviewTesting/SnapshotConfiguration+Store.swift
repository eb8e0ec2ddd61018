import ExpandablePreviewGolden
import Foundation

extension SnapshotConfiguration {
  /// The golden store `EXPANDABLE_PREVIEW_GOLDEN_STORE` names (``GoldenStore/storeVariable``,
  /// as `verify` reads it) when ``goldenStore`` is not set: a folder path or `file://` URL is a
  /// `FolderBlobStore`; nil when the variable is unset or empty.
  ///
  /// - Throws: ``GoldenStoreSettingError`` for an `http(s)://` store: the test library has no
  ///   HTTP client (the command-line tool's needs libsoup), so it says what to do instead.
  public static func goldenStore(environment: [String: String]) throws -> (any GoldenBlobStore)? {
    guard let text = environment[GoldenStore.storeVariable], !text.isEmpty else { return nil }
    let lowered = text.lowercased()
    guard !lowered.hasPrefix("http://"), !lowered.hasPrefix("https://") else {
      throw GoldenStoreSettingError(
        description: "\(GoldenStore.storeVariable)=\(text): assertSnapshot reads a folder "
          + "store only; verify the goldens against an HTTP store with `expandable-preview "
          + "verify --golden-store URL`, or set SnapshotConfiguration.goldenStore to a store "
          + "of your own")
    }
    let path = lowered.hasPrefix("file://") ? URL(string: text)?.path ?? "" : text
    guard !path.isEmpty else {
      throw GoldenStoreSettingError(
        description: "\(GoldenStore.storeVariable)=\(text): an empty folder path")
    }
    return FolderBlobStore(folder: URL(fileURLWithPath: path, isDirectory: true))
  }
}

/// A golden store variable the test library cannot use, in words naming it.
public struct GoldenStoreSettingError: Error, Sendable, CustomStringConvertible {
  /// The variable, its value and what to do.
  public let description: String
}
