import ExpandablePreview

/// One kind of golden (a still, an animation) declared once, as swift-snapshot-testing's
/// `Snapshotting` pairs a format with its `Diffing`: the file it is kept in, how a render is
/// encoded into it, and how a golden file is read back and compared with a render. The store's
/// compare loop, the check, the artifacts and `assertSnapshot` ask the kind; none of them
/// names a kind, so a third kind is one more value beside ``still`` and ``animation``.
public struct GoldenKind: Sendable {
  /// The kind in words, as messages name it: "still", "animation".
  public let name: String
  /// The golden file's extension, without the dot: "png" (an animated PNG is a PNG too).
  public let pathExtension: String
  /// Whether a comparison names the frame it is about (``GoldenComparison/frame``) and the
  /// frame count; false for a kind of one frame.
  public let namesFrames: Bool
  /// How the kind's files are written, read and compared.
  let diffing: GoldenDiffing

  /// Every kind a golden folder holds: the one list a new kind joins.
  public static let all: [GoldenKind] = [.still, .animation]

  /// Whether a file named `name` is a golden of some kind (by its extension).
  static func namesGolden(_ name: String) -> Bool {
    all.contains { name.hasSuffix("." + $0.pathExtension) }
  }

  /// `name` with this kind's extension, unless it already ends in it: "bio" → "bio.png".
  public func fileName(_ name: String) -> String {
    name.hasSuffix("." + pathExtension) ? name : name + "." + pathExtension
  }
}

extension GoldenKind: Hashable {
  /// Kinds are told apart by name.
  public static func == (lhs: GoldenKind, rhs: GoldenKind) -> Bool { lhs.name == rhs.name }

  /// Hashes the kind's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension GoldenKind: CustomStringConvertible {
  /// The kind's name: "still", "animation".
  public var description: String { name }
}
