import Foundation

/// An exclusive advisory lock on a folder (`flock(2)` on the folder's own descriptor, so no
/// lock file is left behind), held while a closure runs: two processes, or two threads, that
/// read, change and rewrite `fingerprint.json` in one folder take turns instead of one
/// overwriting the other's entries.
package enum FolderLock {
  /// Runs `body` holding the lock of `folder`; runs it without one when the folder cannot be
  /// opened (it does not exist yet, so no other writer has a file in it to lose).
  package static func withLock<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    guard SystemCall.retryingInterrupts({ flock(descriptor, LOCK_EX) }) == 0 else {
      return try body()
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
