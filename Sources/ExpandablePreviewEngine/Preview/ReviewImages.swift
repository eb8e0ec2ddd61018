import ExpandablePreviewSupport
import Foundation

/// What bounds a review's memory whatever its goldens' dimensions: a golden is decoded (and its
/// difference drawn) only while few enough pixels are decoded at once (``ReviewLimits/decoding``),
/// a failure keeps its images as PNG bytes, never pixels, and one run keeps the images of its
/// failures up to a budget of pixels (``ReviewLimits/kept``); past it a failure is listed with
/// its words only, saying why.
package struct ReviewLimits: Sendable {
  /// The most pixels decoded at once, across workers: one golden at the decoder's limit (100
  /// megapixels) with its difference image, 2 GiB as RGBA at most.
  package var decoding = 256_000_000
  /// The most pixels the images of one run's failures may have (expected, actual and
  /// difference together): 256 megapixels, some 250 failures of a phone-width component at 3×.
  package var kept = 256_000_000

  package init() {}
}

/// One review run's share of the ``ReviewLimits``: the gate its workers decode through, and
/// what is left of the budget of kept pixels.
final class ReviewImages: Sendable {
  let limits: ReviewLimits
  let gate: PixelGate
  private let left: Locked<Int>

  init(limits: ReviewLimits, gate: PixelGate) {
    self.limits = limits
    self.gate = gate
    left = Locked(limits.kept)
  }

  /// Takes `pixels` from the run's budget; false (taking nothing) when fewer are left.
  func take(_ pixels: Int) -> Bool {
    left.withLock { left in
      guard pixels <= left else { return false }
      left -= pixels
      return true
    }
  }

  /// Why a failure's images are not kept, for its summary.
  func withheld(_ width: Int, _ height: Int) -> String {
    "its images are not kept: this review's budget of \(limits.kept / 1_000_000) megapixels "
      + "of images is spent (this golden is \(width)×\(height)); `verify --artifacts DIR` "
      + "writes them"
  }

  /// The width and height a PNG file's header gives, read without reading the rest (a FIFO or
  /// a device is never waited on); nil when there is no such file or it is not a PNG.
  static func pngSize(atPath path: String) -> (width: Int, height: Int)? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var header = [UInt8](repeating: 0, count: 24)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 24) }
    guard count == 24 else { return nil }
    return ReviewFailure.pixelSize(ofPNG: Data(header))
  }
}
