import ExpandablePreviewGolden
import Foundation

/// What one review run found: how many images it checked and each one that failed, with its
/// images as PNG bytes (never decoded pixels), in the manifest's order.
package struct ReviewResult: Sendable {
  package var checked: Int
  package var failures: [ReviewFailure]
  /// Each failing golden's SHA-256 right after the run (nil: absent or unreadable), which an
  /// approve compares with the file then.
  package var goldenDigests: [String: String?] = [:]

  init(_ outcome: VerifyRun.Outcome) {
    checked = outcome.entries.count
    var kept = Dictionary(outcome.failures.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    failures = outcome.entries.filter { $0.status.isFailure }.map { entry in
      kept.removeValue(forKey: entry.path) ?? ReviewFailure(entry: entry, outcome: nil)
    }
  }
}

/// One failing image: its golden's path, the check's words, and the images to compare as the
/// files hold them; made right after the check, so its decoded pixels are let go at once.
package struct ReviewFailure: Sendable {
  /// The golden's path in the snapshots folder (`item/collapsed@2x.png`).
  package let path: String
  /// The check's one line (`GoldenCheckOutcome.summary`, or the render's error).
  package let summary: String
  /// Whether `verify --record failed` would write this golden (it differs, is missing or
  /// cannot be read); false for an image that could not be rendered or checked.
  package let canApprove: Bool
  /// The golden as read, the render as its file would hold it, and the difference alone.
  package let expected: Data?
  package let actual: Data?
  package let difference: Data?
  /// The readable text diff report.html shows when the layout record says the visible text
  /// changed: the recorded and the new text, each as the common beginning, the part that
  /// differs and the common end.
  package let texts: (recorded: [String], now: [String])?

  /// - Parameter images: the run's budget of kept pixels; past it the images are left out and
  ///   the summary says why.
  init(entry: VerificationEntry, outcome: GoldenCheckOutcome?, images: ReviewImages? = nil) {
    path = entry.path
    var summary = outcome?.summary ?? entry.summary
    canApprove = outcome?.verdict.acceptingMode != nil
    let comparison = outcome?.comparison
    let golden = try? comparison?.expectedFileBytes()
    let expectedSize = Self.pixelSize(ofPNG: golden)
    let actualSize = comparison.map { ($0.actual.width, $0.actual.height) }
    let sizes = [expectedSize, actualSize].compactMap { $0 }
    let width = sizes.map(\.0).max() ?? 0
    let height = sizes.map(\.1).max() ?? 0
    let pixels =
      sizes.reduce(0) { $0 + $1.0 * $1.1 } + (comparison?.diff == nil ? 0 : width * height)
    if let images, comparison != nil, !images.take(pixels) {
      let (goldenWidth, goldenHeight) = expectedSize ?? (width, height)
      summary += " — " + images.withheld(goldenWidth, goldenHeight)
      (expected, actual, difference) = (nil, nil, nil)
    } else {
      expected = golden
      actual = try? comparison?.actualFileBytes()
      difference = try? comparison?.differenceFileBytes()
    }
    self.summary = summary
    if let before = entry.layout?.visibleTextBefore, let after = entry.layout?.visibleTextAfter {
      let old = TextDifference(before, after)
      let new = TextDifference(after, before)
      texts = ([old.prefix, old.middle, old.suffix], [new.prefix, new.middle, new.suffix])
    } else {
      texts = nil
    }
  }

  /// The width and height in pixels a PNG's header gives; nil for bytes that are not a PNG.
  package static func pixelSize(ofPNG data: Data?) -> (width: Int, height: Int)? {
    // The signature (8 bytes), IHDR's length and type (8), then its width and height (4 each).
    guard let data, data.count >= 24,
      data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else { return nil }
    let bytes = Array(data[data.startIndex + 16..<data.startIndex + 24])
    let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(0), number(4))
  }
}
