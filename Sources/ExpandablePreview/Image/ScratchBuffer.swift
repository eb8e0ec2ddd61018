/// A block of memory kept from one render to the next, so a renderer that draws many images
/// allocates its large buffers a few times instead of once per image. Allocating and freeing
/// tens of megabytes per image is what made resident memory jump: glibc keeps or returns such
/// blocks depending on the order threads free them.
final class ScratchBuffer {
  /// Blocks up to this size are kept after use; larger ones (rare, huge images) are freed, so
  /// one giant image does not pin its memory for the rest of a batch.
  static let keptBytes = 64 << 20

  private var pointer: UnsafeMutableRawPointer?
  private(set) var capacity = 0

  deinit { pointer?.deallocate() }

  /// At least `count` bytes, 16-byte aligned, with undefined contents. Valid until the next
  /// call or ``releaseIfLarge()``.
  func reserve(_ count: Int) -> UnsafeMutableRawBufferPointer {
    if count > capacity || pointer == nil {
      pointer?.deallocate()
      // Whole mebibytes, so images of slowly growing size do not reallocate every time; the
      // pages past what is written are never touched, so they cost no resident memory.
      let rounded = (max(count, 1) + (1 << 20) - 1) & ~((1 << 20) - 1)
      pointer = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: 16)
      capacity = rounded
    }
    return UnsafeMutableRawBufferPointer(start: pointer, count: count)
  }

  /// Frees the block if it is larger than ``keptBytes``.
  func releaseIfLarge() {
    guard capacity > Self.keptBytes else { return }
    pointer?.deallocate()
    pointer = nil
    capacity = 0
  }
}
