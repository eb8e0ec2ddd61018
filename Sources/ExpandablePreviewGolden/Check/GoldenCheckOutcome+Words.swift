import ExpandablePreview

/// The one wording of a golden check's outcome: `assertSnapshot`'s message, `verify`'s console
/// lines, report.json, report.html and junit.xml all say a failure with these words.
extension GoldenCheckOutcome {
  /// What was found, in words, without the golden's name:
  ///
  /// | verdict | words |
  /// | --- | --- |
  /// | matched | `images match` (or `… within tolerances (N differing, M anti-aliasing pixels)`) |
  /// | recorded new | `no golden yet; recorded it, run again to compare` |
  /// | recorded over an unreadable one | `cannot read the golden: REASON; recorded a new one, run again to compare` |
  /// | recorded over a difference | `DIFFERENCE; re-recorded the golden (record mode MODE)` |
  /// | refreshed within tolerances | `images match within tolerances (…); re-recorded the golden (record mode all)` |
  /// | differs | `DIFFERENCE` (``GoldenDifference/description``) |
  /// | differs, explained by fonts | `the fonts differ from the golden's: FILE …; FILE … (pixels: DIFFERENCE)` |
  /// | differs, with a layout record | `layout changed: FACT; FACT (pixels: DIFFERENCE)` or `same layout, pixels differ (colors or rasterisation: LIBRARY A → B) (pixels: DIFFERENCE)` |
  /// | same layout (`--compare layout`) | `same layout, pixels differ (…); passes: compared by layout (pixels: DIFFERENCE)` |
  /// | missing | `no golden yet; not recorded: record mode MODE` |
  /// | unreadable | `cannot read the golden: REASON` |
  ///
  /// Artifacts that could not be written add `; REASON`.
  public var detail: String {
    var words: String
    switch verdict {
    case .matched(let result): words = result?.summary ?? "images match"
    case .recorded(.new): words = "no golden yet; recorded it, run again to compare"
    case .recorded(.replacedUnreadable(let reason)):
      words = "cannot read the golden: \(reason); recorded a new one, run again to compare"
    case .recorded(.replaced(let difference)):
      words = "\(difference.description); \(rerecorded)"
    case .recorded(.refreshed(let result)): words = "\(result.summary); \(rerecorded)"
    case .differs(let difference, let explanation):
      var parts: [String] = []
      if !explanation.fontDifferences.isEmpty {
        parts.append(
          "the fonts differ from the golden's: "
            + explanation.fontDifferences.joined(separator: "; "))
      }
      if let layout = explanation.layout { parts.append(layout.description) }
      words =
        parts.isEmpty
        ? difference.description
        : parts.joined(separator: "; ")
          + (difference == .layout
            ? " (the pixels match)" : " (pixels: \(difference.description))")
    case .sameLayout(let difference, let explanation):
      words =
        (explanation.layout?.description ?? "same layout")
        + "; passes: compared by layout (pixels: \(difference.description))"
    case .missing:
      words = "no golden yet; \(RecordMode.notRecordedNote(modeInWords: recordModeInWords))"
    case .unreadable(let reason): words = "cannot read the golden: \(reason)"
    }
    if let artifactsProblem { words += "; \(artifactsProblem)" }
    return words
  }

  /// One line naming the golden by its path in the snapshots folder: `a/collapsed@1x.png: …`.
  public var summary: String { summary(naming: path) }

  /// One line naming the golden as `golden` (a front-end that knows it by its file path).
  public func summary(naming golden: String) -> String { "\(golden): \(detail)" }

  /// The line that offers `command` to accept the image as its golden.
  public static func acceptLine(_ command: String) -> String { "To accept: \(command)" }

  private var rerecorded: String { "re-recorded the golden (record mode \(recordModeInWords))" }
}

extension Fingerprint {
  /// The heading over ``differences(from:onlyFontsUsed:)`` wherever a front-end lists them.
  public static let differencesHeading = "The goldens were rendered elsewhere:"
}
