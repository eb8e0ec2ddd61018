import ExpandablePreview

extension Fingerprint {
  /// What differs between this fingerprint and the `recorded` one, in words, libraries first:
  /// "Pango 1.50.12 → 1.52.0", "DejaVu Sans: another file, sha256 1a2b3c4d5e6f (recorded
  /// 9f8e7d6c5b4a)".
  ///
  /// - Parameters:
  ///   - recorded: the fingerprint the goldens were recorded with.
  ///   - onlyFontsUsed: when true, fonts the recorded goldens used but this
  ///     fingerprint does not are not reported (for a fingerprint of a single render).
  public func differences(from recorded: Fingerprint, onlyFontsUsed: Bool = false) -> [String] {
    var lines: [String] = []
    for (now, then) in zip(libraries.named, recorded.libraries.named)
    where now.version != then.version {
      lines.append("\(now.name) \(then.version) → \(now.version)")
    }
    let recordedByName = Dictionary(grouping: recorded.fonts, by: \.name)
    let currentByName = Dictionary(grouping: fonts, by: \.name)
    for name in Set(recordedByName.keys).union(currentByName.keys).sorted() {
      let now = currentByName[name] ?? []
      let then = recordedByName[name] ?? []
      switch (now.isEmpty, then.isEmpty) {
      case (false, true):
        lines.append("\(name): used now, not by the recorded goldens (\(Self.describe(now)))")
      case (true, false):
        if !onlyFontsUsed {
          lines.append("\(name): used by the recorded goldens, not now (\(Self.describe(then)))")
        }
      case (false, false) where Set(now.map(\.sha256)) != Set(then.map(\.sha256)):
        lines.append(
          "\(name): another file, \(Self.describe(now)) (recorded \(Self.describe(then)))")
      default:
        break
      }
    }
    return lines
  }

  /// "DejaVuSans.ttf, sha256 1a2b3c4d5e6f", files joined by "; ".
  private static func describe(_ files: [FontFile]) -> String {
    files.map { "\($0.file), sha256 \($0.sha256.prefix(12))" }.joined(separator: "; ")
  }
}
