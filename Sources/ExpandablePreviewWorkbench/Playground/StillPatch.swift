import ExpandablePreview
import Foundation

/// A still as the page is sent it, given what it holds of that card (``SentStills``): nothing
/// when the pixels are the same, only the rows from the first that changed to the last that
/// changed when the size is the same, else the whole picture; each as ``PixelRuns``.
enum StillPatch {
  case unchanged
  /// Runs of rows `top ..< top + height of the runs` of the picture.
  case rows(top: Int, runs: Data)
  case whole(runs: Data)

  init(_ image: Image, holding held: HeldPicture?) {
    guard case .pixels(let old) = held, old.width == image.width, old.height == image.height
    else {
      self = .whole(runs: PixelRuns.encode(image))
      return
    }
    guard let rows = Self.changedRows(from: old, to: image) else {
      self = .unchanged
      return
    }
    if rows.count == image.height {
      self = .whole(runs: PixelRuns.encode(image))
      return
    }
    let bytesPerRow = image.width * 4
    let part = Image(
      width: image.width, height: rows.count,
      rgba: Array(image.rgba[(rows.lowerBound * bytesPerRow)..<(rows.upperBound * bytesPerRow)]))
    self = .rows(top: rows.lowerBound, runs: PixelRuns.encode(part))
  }

  /// The rows from the first that differs to the last that differs (same size); nil when
  /// none does.
  static func changedRows(from old: Image, to new: Image) -> Range<Int>? {
    let bytesPerRow = new.width * 4
    return old.rgba.withUnsafeBytes { before in
      new.rgba.withUnsafeBytes { after in
        func same(_ row: Int) -> Bool {
          memcmp(
            before.baseAddress! + row * bytesPerRow, after.baseAddress! + row * bytesPerRow,
            bytesPerRow) == 0
        }
        guard bytesPerRow > 0, let first = (0..<new.height).first(where: { !same($0) }) else {
          return nil
        }
        let last = (first..<new.height).last(where: { !same($0) })!
        return first..<(last + 1)
      }
    }
  }
}
