import ExpandablePreview
import Foundation

/// The identifier of the running tool's build: the SHA-256 of its executable file's bytes, read
/// once per process. Any change to any code linked into the tool (the renderer included)
/// changes the file and so every job key, so a local build never reuses results of another
/// build; a version string would not change between two local builds of different code.
enum ToolBuild {
  static let identifier: String = {
    // /proc/self/exe is the running file even when it was started through a link or PATH.
    let candidates: [String?] = [
      "/proc/self/exe", Bundle.main.executablePath, CommandLine.arguments.first,
    ]
    for case let path? in candidates {
      guard let handle = FileHandle(forReadingAtPath: path) else { continue }
      defer { try? handle.close() }
      let digest = SHA256Digest()
      while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        digest.update(chunk)
      }
      return digest.hex()
    }
    // No readable executable: a fresh random identifier, so nothing is ever reused.
    return UUID().uuidString
  }()
}
