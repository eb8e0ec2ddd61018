import Foundation

/// Writes the generated source.
enum IdentityOutput {
  /// Writes `source` to `url` atomically, and only when it differs from what is there, so the
  /// engine is not compiled again when the identity did not change.
  static func write(_ source: String, to url: URL) throws {
    let data = Data(source.utf8)
    if FileManager.default.contents(atPath: url.path) == data { return }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
  }
}
