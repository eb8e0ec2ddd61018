import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// `render --text --frames DIR`: an animation's frames as numbered PNGs, written one by one as
/// they are drawn, and nothing else of that naming left in the folder.
final class FrameFiles {
  let folder: URL
  /// The first error writing a frame; later frames are not written.
  private var failure: (any Error)?
  private var written = 0

  init(folder: URL) { self.folder = folder }

  /// Writes frame `number` as `frame-NNN.png` atomically (frames come in order, from 0).
  func write(_ image: Image, number: Int) {
    guard failure == nil else { return }
    do {
      try AtomicFile.write(
        image.pngData(), to: folder.appendingPathComponent(Self.fileName(number)))
      written = number + 1
    } catch {
      failure = error
    }
  }

  /// Throws the first write error, else removes the frames of an earlier, longer animation
  /// written there.
  func finish() throws {
    if let failure { throw failure }
    try Self.removeStale(in: folder, keeping: written)
  }

  /// Removes the frames this run wrote (`--strict` refusing a still).
  func removeWritten() throws {
    for number in 0..<written {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(Self.fileName(number)))
    }
    written = 0
  }

  /// `frame-000.png`, `frame-001.png`, …: three digits at least, so names sort in frame order.
  static func fileName(_ index: Int) -> String {
    let digits = String(index)
    return "frame-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
  }

  /// Removes `frame-NNN.png` files numbered `count` and up, left by a longer animation written
  /// to the same folder before, so the folder holds exactly this animation's frames. Only names
  /// this command writes are touched, and only regular files: a folder or a link of that name
  /// is not a frame the tool wrote (it writes files by renaming), so it stays.
  private static func removeStale(in folder: URL, keeping count: Int) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    for name in names {
      guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { continue }
      let number = name.dropFirst("frame-".count).dropLast(".png".count)
      guard number.count >= 3, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
        let index = Int(number), index >= count, fileName(index) == name
      else { continue }
      let file = folder.appendingPathComponent(name)
      // attributesOfItem does not follow a link (lstat).
      let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
      let type = attributes?[.type] as? FileAttributeType
      guard type == .typeRegular else { continue }
      try FileManager.default.removeItem(at: file)
    }
  }
}
