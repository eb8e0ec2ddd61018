import ExpandablePreviewSupport
import Foundation

/// Where an edit's server time goes, for the latency bench: with
/// `EXPANDABLE_PREVIEW_PLAYGROUND_SPANS=FILE` in its environment, `serve` appends one JSON line
/// per answered edit to FILE: each part's thread CPU time rendering its state and encoding its
/// still's patch, the last part's assembling of the answer, and the wall time from the edit's
/// arrival to the answer. Off (and free) without the variable: a bench's figure, never a test's.
final class PlaygroundSpans: Sendable {
  /// The file named by the environment, or nil.
  static let shared: PlaygroundSpans? = ProcessInfo.processInfo
    .environment["EXPANDABLE_PREVIEW_PLAYGROUND_SPANS"].map(PlaygroundSpans.init(path:))

  private let path: String
  private let lock = Locked(())

  init(path: String) { self.path = path }

  /// One part's figures, in milliseconds of its thread's CPU time.
  struct Part: Encodable, Sendable {
    var card: String
    var render: Double
    var patch: Double
  }

  private struct Line: Encodable {
    var seq: Int
    var parts: [Part]
    var answer: Double
    var wall: Double
  }

  /// The calling thread's CPU time, in milliseconds.
  static var now: Double { ThreadCPUClock.seconds * 1000 }

  /// Appends edit `seq`'s line.
  func record(seq: Int, parts: [Part], answer: Double, wall: Double) {
    guard
      var data = try? JSONEncoder().encode(Line(seq: seq, parts: parts, answer: answer, wall: wall))
    else { return }
    data.append(0x0A)
    lock.withLock { _ in
      guard let handle = FileHandle(forWritingAtPath: path) ?? create() else { return }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: data)
    }
  }

  private func create() -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}
