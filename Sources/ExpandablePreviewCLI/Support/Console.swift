import Foundation

/// Best-effort console output: a full disk, `>/dev/full` or a closed log must never stop a run
/// (Foundation's `FileHandle.write` traps on such errors). What cannot be written is dropped;
/// the exit status still says what happened to the images.
enum Console {
  /// When set, the task's standard error lines go here instead of the descriptor, so a test
  /// can run a command in process (``runTool(_:)``) and read its messages.
  @TaskLocal static var capturedErrors: Locked<[String]>? = nil

  static func write(_ text: String, to descriptor: Int32) {
    if descriptor == STDERR_FILENO, let captured = capturedErrors {
      captured.withLock { $0.append(text) }
      return
    }
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
