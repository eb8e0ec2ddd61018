import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What one page holds of a card: a still's pixels (drawn from runs) or an animation's file.
enum HeldPicture: Equatable, Sendable {
  case pixels(Image)
  case file(Data)
}

/// What one page was last sent of each card's picture, so an answer can say "unchanged", or
/// send only the rows that changed, instead of the whole picture again (a keystroke past the
/// collapsed state's cut leaves its picture as it was, and one in the expanded state's last
/// line leaves every row above it). It mirrors the page's rule for answers: the page shows an
/// answer only when no answer to a newer edit came before it, and drops every card the answer
/// does not name, so the record is replaced by each shown answer and kept out of date by none.
final class SentStills: Sendable {
  private struct Record {
    /// The newest edit answered (rendered or refused) so far.
    var newest = 0
    /// The picture last sent by card ("appearance/state"; "/state" with one appearance).
    var held: [String: HeldPicture] = [:]
    /// Counts the changes of `held`: a patch made against a picture read at one version holds
    /// for the answer recorded at the same version.
    var version = 0
  }

  private let record = Locked(Record())

  /// An edit answered with a problem: the page keeps its pictures, and drops answers to older
  /// edits that come after this one. The problem is sent at once from the main loop and may
  /// overtake an older edit's answer already recorded but not yet sent, which the page then
  /// drops: nothing counts as held until the next answer.
  func refused(seq: Int) {
    record.withLock { record in
      record.newest = max(record.newest, seq)
      record.held = [:]
      record.version += 1
    }
  }

  /// What the page holds of `card` now, and the record's version: a part of an edit reads it
  /// to encode its still's patch while the other parts render (an edit's parts start after the
  /// previous edit's answer was recorded). The patch holds if ``held(seq:pictures:)`` returns
  /// the same version.
  func holding(_ card: String) -> (version: Int, picture: HeldPicture?) {
    record.withLock { ($0.version, $0.held[card]) }
  }

  /// Records answer `seq`'s pictures (nil for a state that failed, whose card keeps what it
  /// had: it is sent whole next time) and returns what the page holds of each card before this
  /// answer, which the answer may build on. An answer older than one already answered is never
  /// shown: it records nothing and may build on nothing (its version is nil: no patch read
  /// before holds).
  func held(seq: Int, pictures: [(card: String, picture: HeldPicture?)]) -> (
    version: Int?, before: [String: HeldPicture]
  ) {
    record.withLock { record in
      guard seq > record.newest else { return (nil, [:]) }
      record.newest = seq
      let before = (record.version, record.held)
      record.held = [:]
      for case (let card, let picture?) in pictures { record.held[card] = picture }
      record.version += 1
      return before
    }
  }
}
