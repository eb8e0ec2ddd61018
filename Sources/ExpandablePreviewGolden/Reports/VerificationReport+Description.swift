import ExpandablePreview

// `print(report)` is how a Swift caller first looks at a verify run: it reads as the console's
// lines, not as a dump of every stored field.

extension VerificationEntry: CustomStringConvertible {
  /// The entry's ``summary``, then its rejection and accept lines where it has them.
  public var description: String {
    var lines = [summary]
    if let rejection { lines.append("  \(rejection)") }
    if let acceptCommand { lines.append("  " + GoldenCheckOutcome.acceptLine(acceptCommand)) }
    return lines.joined(separator: "\n")
  }
}

extension VerificationReport: CustomStringConvertible {
  /// "passed" or "FAILED", the count of each status that occurred, the fingerprint's
  /// differences, then each failure (``VerificationEntry/description``).
  public var description: String {
    let counts = GoldenVerdict.Status.allCases.compactMap { status -> String? in
      let count = count(status)
      return count == 0 ? nil : "\(count) \(status.rawValue)"
    }
    var lines = [
      (passed ? "passed" : "FAILED") + ": \(entries.count) images"
        + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
    ]
    lines += fingerprintDifferences
    lines += failures.map(\.description)
    return lines.joined(separator: "\n")
  }
}
