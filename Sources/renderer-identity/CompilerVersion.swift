import Foundation

/// The compiler's version, which the identity includes: another compiler may generate other
/// code from the same sources.
enum CompilerVersion {
  /// What `compiler --version` prints, whitespace-trimmed.
  static func of(_ compiler: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: compiler)
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !text.isEmpty else {
      throw IdentityUsage("'\(compiler) --version' failed")
    }
    return text
  }
}
