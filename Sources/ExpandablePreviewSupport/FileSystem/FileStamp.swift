import Foundation

/// What the file system says about a file that changes whenever its bytes may have: device,
/// inode, size, and the modification and status-change times in nanoseconds. A write changes
/// both times, a rename over the file changes the inode, and while `touch -d` or `utimensat`
/// can set the modification time back, the status-change time is the kernel's: it becomes
/// "now" on every change. So a file whose stamp is the one recorded still has the bytes read
/// when it was recorded, provided the stamp was settled (``isSettled(readAt:)``) and the clock
/// was not set back. A file the tool wrote itself is recorded with the stamp of its own
/// descriptor after the rename (``FolderHandle/write(_:to:)``) and the digest of the bytes it
/// wrote, settled or not: only an in-place rewrite to the same size within the same clock tick
/// as that rename could keep the stamp (git's "racy clean" window, documented in
/// GoldenTesting.md). What this cannot see: a change written to the disk below the file system,
/// a file system that keeps no status-change time, or a clock set back before an edit.
package struct FileStamp: Codable, Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  package var modified: Int64
  package var changed: Int64

  /// The stamp of `status` (`stat`, `fstat` or `fstatat`).
  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
  }

  /// A stamp from its fields, as a record stores them.
  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  /// How long before the read a file's last change must lie. File times come from a clock
  /// that ticks every few milliseconds: a file changed in the tick it was read in could change
  /// again in that tick, its bytes differing from those read under an equal stamp. A change
  /// after a settled stamp was read always gets a later status-change time.
  package static let settlingNanoseconds: Int64 = 2_000_000_000

  /// Whether this stamp, taken just before its file was read at `time`
  /// (``currentNanoseconds()``), may stand for the bytes read.
  package func isSettled(readAt time: Int64) -> Bool {
    changed < time - Self.settlingNanoseconds
  }

  /// The wall clock (`CLOCK_REALTIME`, the clock file times come from) in nanoseconds.
  package static func currentNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
