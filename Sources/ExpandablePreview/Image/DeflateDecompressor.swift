internal import CPNG

/// Owns a libdeflate decompressor (`libdeflate_alloc_decompressor`, `libdeflate_free_decompressor`).
final class DeflateDecompressor {
  private let pointer: OpaquePointer

  init() throws(RenderError) {
    guard let decompressor = libdeflate_alloc_decompressor() else {
      throw .png("libdeflate_alloc_decompressor failed")
    }
    pointer = decompressor
  }

  deinit { libdeflate_free_decompressor(pointer) }

  /// Decompresses one zlib stream that must fill `output` exactly (`libdeflate_zlib_decompress`).
  func zlibDecompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(RenderError)
  {
    let result = libdeflate_zlib_decompress(
      pointer, input.baseAddress, input.count, output.baseAddress, output.count, nil)
    switch result {
    case LIBDEFLATE_SUCCESS: return
    case LIBDEFLATE_SHORT_OUTPUT: throw .png("image data is shorter than the frame needs")
    case LIBDEFLATE_INSUFFICIENT_SPACE: throw .png("image data is longer than the frame needs")
    default: throw .png("image data is not a valid zlib stream")
    }
  }
}
