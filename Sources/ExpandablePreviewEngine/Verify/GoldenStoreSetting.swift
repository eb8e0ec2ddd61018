import ExpandablePreviewGolden
import Foundation

/// Which golden store a run uses: `--golden-store URL` (or ``GoldenStore/storeVariable``) names
/// where locked goldens' bytes are, an `http(s)://` URL speaking the Bazel remote cache's blob
/// protocol or a local folder; a snapshots folder holding ``GoldenLock/fileName`` is a locked
/// one, with or without a store.
package enum GoldenStoreSetting {
  /// The variable holding a bearer token for an HTTP golden store.
  package static let tokenVariable = "EXPANDABLE_PREVIEW_GOLDEN_STORE_TOKEN"

  /// The store `flag` or the environment names; nil when neither does (an empty variable names
  /// none). A relative folder is in `directory` (the working directory when nil).
  ///
  /// - Parameter setting: how a refusal names what the user set: `--golden-store` on the
  ///   command line, the variable for the test library.
  package static func blobs(
    flag: String?, environment: [String: String], setting: String = "--golden-store",
    directory: URL? = nil
  ) throws(EngineError) -> (any GoldenBlobStore)? {
    let text = flag ?? environment[GoldenStore.storeVariable].flatMap { $0.isEmpty ? nil : $0 }
    guard let text else { return nil }
    let lowered = text.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
      let path = lowered.hasPrefix("file://") ? URL(string: text)?.path ?? "" : text
      guard !path.isEmpty else { throw EngineError("\(setting): empty folder path") }
      return FolderBlobStore(folder: RunFolder.url(path, isDirectory: true, in: directory))
    }
    var credentials: [String: String] = [:]
    credentials[RemoteCacheSettings.tokenVariable] = environment[tokenVariable]
    return HTTPGoldenBlobs(
      try RemoteCacheSettings(
        url: text, readOnly: false, environment: credentials, setting: setting))
  }

  /// The golden store of `directory`: lock lines when the folder holds a lock or a store is
  /// named, image files otherwise.
  ///
  /// - Throws: when a store is named for a folder of image goldens (convert it first).
  package static func store(
    directory: URL, recordMode: RecordMode, options: DiffOptions,
    blobs: (any GoldenBlobStore)?
  ) throws(EngineError) -> GoldenStore {
    let folderForm = GoldenStore(directory: directory, recordMode: recordMode, options: options)
    guard GoldenLock.exists(in: directory) || blobs != nil else { return folderForm }
    if !GoldenLock.exists(in: directory), let images = try? folderForm.goldenPaths(),
      !images.isEmpty
    {
      throw EngineError(
        "--golden-store: \(directory.path) holds \(images.count) image goldens and no "
          + "\(GoldenLock.fileName); move them into the store first: expandable-preview goldens "
          + "lock --snapshots \(directory.path) --golden-store URL")
    }
    return GoldenStore(
      directory: directory, recordMode: recordMode, options: options, lockingIn: blobs)
  }
}
