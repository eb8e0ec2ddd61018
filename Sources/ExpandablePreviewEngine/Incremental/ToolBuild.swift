import ExpandablePreview
import Foundation

/// The identifier of the running tool's build: the SHA-256 of its executable file's bytes. Any
/// change to any code linked into the tool (the renderer included) changes the file and so
/// every job key, so a local build never reuses results of another build; a version string
/// would not change between two local builds of different code.
enum ToolBuild {
  /// The running executable's path: `/proc/self/exe` is the running file even when it was
  /// started through a link or PATH; nil when no candidate can be read.
  static let executablePath: String? = {
    let candidates: [String?] = [
      "/proc/self/exe", Bundle.main.executablePath, CommandLine.arguments.first,
    ]
    for case let path? in candidates where FileManager.default.isReadableFile(atPath: path) {
      // The link's target, so that its stamp and its name in the record are the file's.
      return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
    }
    return nil
  }()

  /// The identifier, read once per process without a record of earlier reads.
  static let identifier: String = {
    guard let path = executablePath,
      let entry = try? InputHashes.read(path)
    else {
      // No readable executable: a fresh random identifier, so nothing is ever reused.
      return UUID().uuidString
    }
    return entry.sha256
  }()
}
