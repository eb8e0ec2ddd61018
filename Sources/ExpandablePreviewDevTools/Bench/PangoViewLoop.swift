import ExpandablePreviewEngine
import Foundation

/// The obvious alternative: one `pango-view` process per text and state, one after another as a
/// shell loop runs them, with the benchmark's font and width at 144 dpi (scale 2).
struct PangoViewLoop {
  let executable: URL

  /// `pango-view` from `PATH` (Debian's `pango1.0-tools`), or `nil` when it is not installed.
  static func find() -> PangoViewLoop? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("pango-view")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return PangoViewLoop(executable: candidate)
      }
    }
    return nil
  }

  /// Renders every text collapsed (3 lines, ellipsized) and expanded into `folder`.
  /// - Returns: the wall-clock seconds of the loop; writing the text files is not counted.
  func run(_ texts: [String], into folder: URL) throws -> Double {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let inputs = try texts.enumerated().map { index, text in
      let file = folder.appendingPathComponent(String(format: "%04d.txt", index))
      try Data(text.utf8).write(to: file)
      return file
    }
    let start = ContinuousClock.now
    for (index, input) in inputs.enumerated() {
      for collapsed in [true, false] {
        let name = String(format: "%04d-%@.png", index, collapsed ? "collapsed" : "expanded")
        if let signal = Interruption.received { throw BenchStopped(signal: signal) }
        do {
          try runOnce(input, output: folder.appendingPathComponent(name), collapsed: collapsed)
        } catch {
          // Ctrl-C reaches pango-view too; its failure then is the interruption's.
          if let signal = Interruption.received { throw BenchStopped(signal: signal) }
          throw error
        }
      }
    }
    return (ContinuousClock.now - start).seconds
  }

  private func runOnce(_ input: URL, output: URL, collapsed: Bool) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "-q", "--dpi=144", "--font=DejaVu Sans 17", "--width=327", "--wrap=word-char",
        "--output=\(output.path)",
      ] + (collapsed ? ["--height=-3", "--ellipsize=end"] : []) + [input.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "pango-view failed with status \(process.terminationStatus) on \(input.path)")
    }
  }
}

/// A benchmark step that failed, with what and where.
/// A signal stopped the benchmark between renders.
struct BenchStopped: Error {
  let signal: Int32
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
