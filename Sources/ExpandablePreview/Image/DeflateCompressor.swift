internal import CPNG

/// Owns a libdeflate compressor (`libdeflate_alloc_compressor`, `libdeflate_free_compressor`).
final class DeflateCompressor {
  private let pointer: OpaquePointer

  /// - Parameter level: libdeflate's level, 0 (store) to 12 (slowest).
  init(level: Int32) throws(RenderError) {
    guard let compressor = libdeflate_alloc_compressor(level) else {
      throw .png("libdeflate_alloc_compressor(\(level)) failed")
    }
    pointer = compressor
  }

  deinit { libdeflate_free_compressor(pointer) }

  /// The most bytes a zlib stream of `count` input bytes can take (`libdeflate_zlib_compress_bound`).
  func zlibBound(_ count: Int) -> Int { libdeflate_zlib_compress_bound(pointer, count) }

  /// Compresses `input` into `output` as one zlib stream (`libdeflate_zlib_compress`).
  /// - Returns: the bytes written.
  func zlibCompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(RenderError) -> Int
  {
    let size = libdeflate_zlib_compress(
      pointer, input.baseAddress, input.count, output.baseAddress, output.count)
    guard size > 0 else { throw .png("libdeflate_zlib_compress: output buffer too small") }
    return size
  }
}
