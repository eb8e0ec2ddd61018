import ExpandablePreview

/// A file name read back into what it names: the state, and the variant with the value of each
/// axis that has a part in the name (``named``); the axes it does not name keep
/// ``Variant/unnamed``'s values, the scale is the `@Nx` suffix's.
struct FileNameParts: Sendable, Hashable {
  var state: OutputState
  var variant: Variant
  /// The keys of the axes the name has a part for, in ``VariantAxis/all``'s order.
  var named: [String] = []

  /// What ``FileName`` writes for `variant` in `matrix`, read back: the parts of the axes with
  /// several values.
  init(state: OutputState, variant: Variant, matrix: VariantMatrix) {
    self.state = state
    self.variant = .unnamed
    self.variant[VariantAxis.scale] = variant[VariantAxis.scale]
    for axis in VariantAxis.all where axis.isVaried(matrix) && axis.part(of: variant) != nil {
      axis.copy(variant, &self.variant)
      named.append(axis.key)
    }
  }

  private init(state: OutputState, scale: Int) {
    self.state = state
    variant = .unnamed
    variant[VariantAxis.scale] = scale
  }

  /// The parts of `stem` (`collapsed-dark-iPhone-16-Pro-w375`, no scale), or nil when it is
  /// not a stem ``FileName`` writes: the state, then each axis's part (``VariantAxis/all``, the
  /// list ``FileName`` writes from) at most once, in order. A part may hold hyphens (a device),
  /// so every split is tried.
  static func parts(ofStem stem: Substring, scale: Int) -> FileNameParts? {
    let words = stem.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = words.first, let state = OutputState(rawValue: String(first)) else {
      return nil
    }
    return read(
      words.dropFirst(), from: VariantAxis.all[...],
      into: FileNameParts(state: state, scale: scale))
  }

  private static func read(
    _ words: ArraySlice<Substring>, from axes: ArraySlice<VariantAxis>, into parts: FileNameParts
  ) -> FileNameParts? {
    if words.isEmpty { return parts }
    guard let axis = axes.first else { return nil }
    for count in stride(from: words.count, through: 1, by: -1) {
      var taken = parts
      let part = words.prefix(count).joined(separator: "-")
      if axis.parse(Substring(part), &taken.variant) {
        taken.named.append(axis.key)
        if let found = read(words.dropFirst(count), from: axes.dropFirst(), into: taken) {
          return found
        }
      }
    }
    return read(words, from: axes.dropFirst(), into: parts)
  }
}
