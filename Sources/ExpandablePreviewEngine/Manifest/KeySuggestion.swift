/// Finds the known key closest to a misspelled one, for "did you mean" hints.
package enum KeySuggestion {
  /// The known key with the smallest edit distance to `key` (case-insensitive), when that
  /// distance is small enough to be a plausible typo: at most 2, or a third of the key's length.
  package static func nearest(to key: String, in known: some Sequence<String>) -> String? {
    let typed = Array(key.lowercased())
    var best: (key: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, typed.count / 3) else { return nil }
    return best.key
  }

  /// `"; did you mean 'x'?"` or an empty string.
  static func hint(for key: String, in known: some Sequence<String>) -> String {
    nearest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Levenshtein distance: insertions, deletions and substitutions each cost 1.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
