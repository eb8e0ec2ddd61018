import ExpandablePreviewSupport
import Foundation

/// A golden store in a local folder, laid out as the Bazel remote cache's HTTP protocol names
/// blobs (`FOLDER/cas/<sha256>`), so the folder nginx serves can be used directly and back.
public struct FolderBlobStore: GoldenBlobStore {
  /// The store's folder.
  public let folder: URL

  /// The store in `folder` (created on the first upload).
  public init(folder: URL) { self.folder = folder.standardizedFileURL }

  /// The folder's path, as messages name the store.
  public var description: String { folder.path }

  /// Reads `FOLDER/cas/<sha256>` (bounded, never through a symbolic link).
  public func fetch(_ sha256: String, maxBytes: Int) -> GoldenBlobFetch {
    switch BoundedFile.read(
      folder.appendingPathComponent("cas/" + sha256).path, maxBytes: maxBytes, followsLinks: false)
    {
    case .absent: .absent
    case .bytes(let data, _): .bytes(data)
    case .unreadable(let reason): .unavailable(reason)
    }
  }

  /// Writes `FOLDER/cas/<sha256>` atomically.
  public func upload(_ bytes: Data, as sha256: String) throws {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FolderHandle(path: folder.path).subfolder("cas").write(bytes, to: sha256)
    } catch {
      throw GoldenStoreError(
        path: folder.appendingPathComponent("cas/" + sha256).path,
        message: "cannot store the golden's bytes: \(SystemReason.of(error))")
    }
  }

  /// Whether `FOLDER/cas/<sha256>` exists.
  public func contains(_ sha256: String) -> Result<Bool, GoldenStoreError> {
    .success(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("cas/" + sha256).path))
  }
}
