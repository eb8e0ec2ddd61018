import ExpandablePreviewSupport
import Foundation

/// Goldens as image files in the snapshots folder (`ITEM/IMAGE.png`).
struct FolderImages: GoldenImages {
  let store: GoldenStore.Folder

  var comparesDigests: Bool { false }

  func holds(_ bytes: Data, at path: String) -> Bool { false }

  func recordedDigest(_ path: String) -> String? { nil }
  func recordedPixelSize(_ path: String) -> (width: Int, height: Int)? { nil }

  func read(_ path: String, maxBytes: Int) -> GoldenRead {
    guard let file = try? store.url(for: path) else { return .absent }
    switch GoldenFile.read(file, maxBytes: maxBytes) {
    case .absent: return .absent
    case .bytes(let data): return .bytes(data)
    case .unreadable(let reason): return .unreadable(reason)
    }
  }

  func write(_ bytes: Data, at path: String, width: Int, height: Int) throws {
    try store.write(bytes, to: try store.url(for: path))
  }

  func paths() throws -> [String] { try store.imagePaths() }

  func remove(_ path: String) throws {
    let file = try store.url(for: path)
    do {
      try FileManager.default.removeItem(at: file)
    } catch {
      throw GoldenStoreError(path: file.path, message: "cannot delete orphan: \(error)")
    }
  }
}
