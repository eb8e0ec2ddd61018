/// What ``PNGEncoder`` reuses from one image to the next: the file being assembled and the
/// libdeflate compressor (whose tables take a few hundred kilobytes).
final class PNGScratch {
  let file = ScratchBuffer()
  private var compressor: (level: Int32, DeflateCompressor)?

  func compressor(level: Int32) throws(RenderError) -> DeflateCompressor {
    if let compressor, compressor.level == level { return compressor.1 }
    let made = try DeflateCompressor(level: level)
    compressor = (level, made)
    return made
  }

  /// Frees the buffer an unusually large image left behind (``ScratchBuffer/keptBytes``).
  func releaseIfLarge() {
    file.releaseIfLarge()
  }
}
