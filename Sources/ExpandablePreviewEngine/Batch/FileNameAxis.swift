import ExpandablePreview

/// A file name read back into the values it names: the state, the scale, and the value of
/// each axis that has a part in the name (nil for the others).
struct FileNameParts: Sendable, Hashable {
  var state: OutputState
  var appearance: Appearance?
  var dynamicType: DynamicTypeSize?
  var legibilityWeight: LegibilityWeight?
  var colorSchemeContrast: ColorSchemeContrast?
  var device: Device?
  var width: Double?
  var scale: Int
}

/// One variant axis as a part of a file name. ``FileName`` writes the parts of ``all`` and
/// ``ToolGoldenPath`` reads them back from the same list, so an axis added here is both
/// written and recognised (an axis written and not read left its goldens unseen by `--prune`).
struct FileNameAxis: Sendable {
  /// Whether names carry this axis: it has more than one value.
  let isVaried: @Sendable (VariantMatrix) -> Bool
  /// The variant's part (nil: no part, as for a variant without a device).
  let part: @Sendable (Variant) -> String?
  /// Sets the axis's value in the parts when `part` is exactly one this axis writes.
  let read: @Sendable (Substring, inout FileNameParts) -> Bool

  /// The axes in the order of their parts in a name.
  static let all: [FileNameAxis] = [
    FileNameAxis(
      isVaried: { $0.appearance.count > 1 }, part: { $0.appearance.rawValue },
      read: { part, parts in
        parts.appearance = Appearance(rawValue: String(part))
        return parts.appearance != nil
      }),
    FileNameAxis(
      isVaried: { $0.dynamicType.count > 1 }, part: { $0.dynamicType.rawValue },
      read: { part, parts in
        parts.dynamicType = DynamicTypeSize(rawValue: String(part))
        return parts.dynamicType != nil
      }),
    FileNameAxis(
      isVaried: { $0.legibilityWeight.count > 1 }, part: { $0.legibilityWeight.rawValue },
      read: { part, parts in
        parts.legibilityWeight = LegibilityWeight(rawValue: String(part))
        return parts.legibilityWeight != nil
      }),
    FileNameAxis(
      isVaried: { $0.colorSchemeContrast.count > 1 }, part: { $0.colorSchemeContrast.rawValue },
      read: { part, parts in
        parts.colorSchemeContrast = ColorSchemeContrast(rawValue: String(part))
        return parts.colorSchemeContrast != nil
      }),
    FileNameAxis(
      isVaried: { $0.device.count > 1 }, part: { $0.device?.fileNamePart },
      read: { part, parts in
        parts.device = Device.all.first { $0.fileNamePart == part }
        return parts.device != nil
      }),
    FileNameAxis(
      isVaried: { $0.width.count > 1 }, part: { "w" + FileName.number($0.width) },
      read: { part, parts in
        guard part.hasPrefix("w"), let width = Double(part.dropFirst()),
          FileName.number(width) == part.dropFirst()
        else { return false }
        parts.width = width
        return true
      }),
  ]

  /// The parts of `stem` (`collapsed-dark-iPhone-16-Pro-w375`, no scale), or nil when it is
  /// not a stem ``FileName`` writes: the state, then each axis at most once, in order. A part
  /// may hold hyphens (a device), so every split is tried.
  static func parts(ofStem stem: Substring, scale: Int) -> FileNameParts? {
    let words = stem.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = words.first, let state = OutputState(rawValue: String(first)) else {
      return nil
    }
    let start = FileNameParts(state: state, scale: scale)
    return read(words.dropFirst(), from: all[...], into: start)
  }

  private static func read(
    _ words: ArraySlice<Substring>, from axes: ArraySlice<FileNameAxis>, into parts: FileNameParts
  ) -> FileNameParts? {
    if words.isEmpty { return parts }
    guard let axis = axes.first else { return nil }
    for count in stride(from: words.count, through: 1, by: -1) {
      var taken = parts
      let part = words.prefix(count).joined(separator: "-")
      if axis.read(Substring(part), &taken),
        let found = read(words.dropFirst(count), from: axes.dropFirst(), into: taken)
      {
        return found
      }
    }
    return read(words, from: axes.dropFirst(), into: parts)
  }
}
