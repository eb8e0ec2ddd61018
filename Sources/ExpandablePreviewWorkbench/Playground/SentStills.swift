import Foundation
import Synchronization

/// What one page was last sent of each card's picture, so an answer can say "unchanged" instead
/// of carrying the same bytes again (a keystroke past the collapsed state's cut leaves its
/// picture as it was). It mirrors the page's rule for answers: the page shows an answer only
/// when no answer to a newer edit came before it, and drops every card the answer does not
/// name, so the record is replaced by each shown answer and kept out of date by none.
final class SentStills: Sendable {
  private struct Record {
    /// The newest edit answered (rendered or refused) so far.
    var newest = 0
    /// The bytes last sent by card ("appearance/state"; "/state" with one appearance).
    var bytes: [String: Data] = [:]
  }

  private let record = Mutex(Record())

  /// An edit answered with a problem: the page keeps its pictures, and drops answers to older
  /// edits that come after this one. The problem is sent at once from the main loop and may
  /// overtake an older edit's answer already recorded but not yet sent, which the page then
  /// drops: nothing counts as held until the next answer.
  func refused(seq: Int) {
    record.withLock { record in
      record.newest = max(record.newest, seq)
      record.bytes = [:]
    }
  }

  /// Records answer `seq`'s pictures (nil for a state that failed, whose card keeps what it
  /// had: it is sent again next time) and returns the cards whose bytes the page already holds.
  /// An answer older than one already answered is never shown: it records nothing and omits
  /// nothing.
  func unchanged(seq: Int, pictures: [(card: String, bytes: Data?)]) -> Set<String> {
    record.withLock { record in
      guard seq > record.newest else { return [] }
      record.newest = seq
      var same = Set<String>()
      var next: [String: Data] = [:]
      for picture in pictures {
        guard let bytes = picture.bytes else { continue }
        if record.bytes[picture.card] == bytes { same.insert(picture.card) }
        next[picture.card] = bytes
      }
      record.bytes = next
      return same
    }
  }
}
