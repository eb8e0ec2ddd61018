import Foundation

/// Writes files so that a reader sees either the old file or the complete new one.
public enum AtomicFile {
  /// Writes `data` to a temporary file in `url`'s folder, then renames it over `url`.
  /// The temporary file is removed if anything fails.
  public static func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp"
    )
    do {
      try data.write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(
          .fileWriteUnknown,
          userInfo: [
            NSFilePathErrorKey: url.path,
            NSUnderlyingErrorKey: POSIXError(.init(rawValue: errno) ?? .EIO),
          ])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
