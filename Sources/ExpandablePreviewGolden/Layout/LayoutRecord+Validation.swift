import ExpandablePreview

/// A layout record whose JSON parsed but holds a value no render can produce, in plain words:
/// the key and the value ("still.size.height: 1e+300 is out of range (0…1000000)").
public struct LayoutRecordError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key and the value, in plain words.
  public let description: String
}

extension LayoutRecord {
  /// The largest coordinate or size in points a record may hold: far beyond any image the
  /// renderer draws (32,767 pixels a side), and small enough that every wording of it (a
  /// rounded `Int`) is exact. Records are committed files and arrive through pull requests.
  public static let maxPoints = 1_000_000.0
  /// The most lines, Characters, links, elements or frames a record may count.
  public static let maxCount = 100_000_000
  /// The most animation frames a record may hold.
  static let maxFrames = 100_000

  /// Refuses a record holding a value outside what a render can produce: not finite, negative
  /// where only sizes are, or beyond ``maxPoints`` / ``maxCount``.
  func validated() throws -> LayoutRecord {
    let checker = RangeChecker()
    for (name, facts) in [("still", still), ("collapsed", collapsed), ("expanded", expanded)] {
      if let facts { try checker.check(facts, at: name) }
    }
    if let frameHeights {
      try checker.count(frameHeights.count, at: "frameHeights", upTo: Self.maxFrames)
      for (index, height) in frameHeights.enumerated() {
        try checker.size(height, at: "frameHeights[\(index)]")
      }
    }
    return self
  }
}

/// Checks each number of a record against its range, naming the first one outside it.
private struct RangeChecker {
  func check(_ facts: LayoutRecord.Facts, at path: String) throws {
    try text(facts.visibleText, at: path + ".visibleText")
    try count(facts.lines, at: path + ".lines")
    try count(facts.cut, at: path + ".cut")
    try size(facts.size, at: path + ".size")
    try size(facts.pixelSize, at: path + ".pixelSize")
    try rect(facts.label, at: path + ".label")
    try rect(facts.fade, at: path + ".fade")
    try rect(facts.textFrame, at: path + ".textFrame")
    try count(facts.links.count, at: path + ".links")
    for (index, link) in facts.links.enumerated() {
      try count(link.frames.count, at: "\(path).links[\(index)].frames")
      for (frameIndex, frame) in link.frames.enumerated() {
        try rect(frame, at: "\(path).links[\(index)].frames[\(frameIndex)]")
      }
    }
    if let lineFrames = facts.lineFrames {
      try count(lineFrames.count, at: path + ".lineFrames")
      for (index, frame) in lineFrames.enumerated() {
        try rect(frame, at: "\(path).lineFrames[\(index)]")
      }
    }
    if let layouts = facts.layouts { try count(layouts, at: path + ".layouts") }
    if let elements = facts.accessibilityElements {
      try count(elements.count, at: path + ".accessibilityElements")
      for (index, element) in elements.enumerated() {
        try text(element.label, at: "\(path).accessibilityElements[\(index)].label")
        try rect(element.frame, at: "\(path).accessibilityElements[\(index)].frame")
      }
    }
  }

  /// A text no longer than the renderer draws (`RenderLimits.maxTextBytes`): a longer one
  /// would be quoted by every report.
  func text(_ value: String, at path: String) throws {
    let bytes = value.utf8.count
    guard bytes <= RenderLimits.maxTextBytes else {
      throw LayoutRecordError(
        description: "\(path): \(bytes) bytes is longer than any text the renderer draws "
          + "(\(RenderLimits.maxTextBytes) bytes)")
    }
  }

  func count(_ value: Int, at path: String, upTo limit: Int = LayoutRecord.maxCount) throws {
    guard (0...limit).contains(value) else {
      throw LayoutRecordError(description: "\(path): \(value) is out of range (0…\(limit))")
    }
  }

  func size(_ value: Size, at path: String) throws {
    try size(value.width, at: path + ".width")
    try size(value.height, at: path + ".height")
  }

  func rect(_ value: Rect?, at path: String) throws {
    guard let value else { return }
    try coordinate(value.x, at: path + ".x")
    try coordinate(value.y, at: path + ".y")
    try size(value.width, at: path + ".width")
    try size(value.height, at: path + ".height")
  }

  func size(_ value: Double, at path: String) throws {
    try number(value, at: path, in: 0...LayoutRecord.maxPoints)
  }

  func coordinate(_ value: Double, at path: String) throws {
    try number(value, at: path, in: -LayoutRecord.maxPoints...LayoutRecord.maxPoints)
  }

  private func number(_ value: Double, at path: String, in range: ClosedRange<Double>) throws {
    guard !range.contains(value) else { return }
    throw LayoutRecordError(
      description: "\(path): \(value) is out of range "
        + "(\(LayoutChange.points(range.lowerBound))…\(LayoutChange.points(range.upperBound)))")
  }
}
