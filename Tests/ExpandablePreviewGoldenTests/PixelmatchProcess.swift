import Foundation

/// pixelmatch 0.4.0 from PyPI, run by `Scripts/pixelmatch-reference.py` in the virtual
/// environment `Scripts/setup-python.sh` makes under `.build`.
enum Pixelmatch {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let python = repository.appendingPathComponent(".build/python-venv/bin/python3")
  static let script = repository.appendingPathComponent("Scripts/pixelmatch-reference.py")

  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

  /// What pixelmatch found for one pair: its count and the pixels it painted as anti-aliasing.
  struct Counts: Equatable, CustomStringConvertible {
    var diff: Int
    var aa: Int
    var description: String { "\(diff) differing, \(aa) anti-aliasing" }
  }

  /// One python process comparing every pair in a folder, started at once so that the caller
  /// can work while it runs.
  final class Run {
    private let process = Process()
    private let output = Pipe()
    private let errors: URL

    init(folder: URL) throws {
      errors = folder.appendingPathComponent("pixelmatch-stderr.txt")
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      process.executableURL = Pixelmatch.python
      process.arguments = [Pixelmatch.script.path, folder.path]
      process.standardOutput = output
      process.standardError = try FileHandle(forWritingTo: errors)
      try process.run()
    }

    /// Waits for the process and reads its "NAME DIFF AA" lines.
    func counts() throws -> [String: Counts] {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        throw PixelmatchError(
          "\(Pixelmatch.script.lastPathComponent) exited with \(process.terminationStatus): \(message)"
        )
      }
      var counts: [String: Counts] = [:]
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count == 3, let diff = Int(fields[1]), let aa = Int(fields[2]) else {
          throw PixelmatchError("unexpected line from pixelmatch: \(line)")
        }
        counts[String(fields[0])] = Counts(diff: diff, aa: aa)
      }
      return counts
    }
  }
}

struct PixelmatchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
