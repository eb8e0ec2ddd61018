import Foundation

/// The one place that retries a system call a signal interrupted and words its failure: a
/// run blocks SIGINT/SIGTERM in its workers and waits for them in one thread, so any `read`,
/// `write` or `flock` may return `EINTR` and must simply be made again.
package enum SystemCall {
  /// Calls `call` again while it fails with `EINTR`; returns its last result (negative, with
  /// `errno` set, on another failure).
  package static func retryingInterrupts<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// Writes all of `bytes` to `descriptor`; nil once written, else the `errno` of the failure
  /// (`EIO` for a write that wrote nothing).
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = retryingInterrupts {
        Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 { return errno }
      if written == 0 { return EIO }
      offset += written
    }
    return nil
  }

  /// Reads from `descriptor` until `buffer` is full or the file ends: the bytes read, or the
  /// `errno` of the failure.
  package static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Swift.Result<Int, SystemError>
  {
    var filled = 0
    while filled < buffer.count {
      let count = retryingInterrupts {
        Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 { return .failure(SystemError(code: errno)) }
      if count == 0 { break }
      filled += count
    }
    return .success(filled)
  }
}

/// A failed system call's `errno`, worded by `strerror`.
package struct SystemError: Error, Equatable, CustomStringConvertible {
  package let code: Int32
  package init(code: Int32) { self.code = code }
  package var description: String { SystemReason.of(code: code) }
}
