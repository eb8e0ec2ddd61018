import Foundation

/// A record file that is there but not used, in the one wording every record shares:
/// "NAME: cannot read the TITLE: REASON", the reason saying which of the few things is wrong.
package struct RecordError: Error, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  package enum Problem: Sendable, Equatable {
    /// Not a regular file, too large, or the system refused it: the reason ("it is a FIFO…").
    case unreadable(String)
    /// Another kind of file (no mark, or another one): the reason.
    case otherKind(String)
    /// A version later than this build writes.
    case newerVersion(Int)
    /// A version older than this build still reads.
    case olderVersion(Int)
    /// This kind of file, but damaged (not valid JSON, a key missing, fields that disagree).
    case damaged(String)
  }

  /// The file as messages name it (its path, or the name the user gave).
  package var name: String
  package var title: String
  package var currentVersion: Int
  package var problem: Problem

  package init(name: String, kind: RecordKind, problem: Problem) {
    self.name = name
    title = kind.title
    currentVersion = kind.currentVersion
    self.problem = problem
  }

  /// Whether the file is marked as this kind (any problem but ``Problem/otherKind(_:)`` and
  /// ``Problem/unreadable(_:)``): the tool's own, so it may replace it.
  package var isThisKind: Bool {
    switch problem {
    case .unreadable, .otherKind: false
    case .newerVersion, .olderVersion, .damaged: true
    }
  }

  /// Why, without the file's name: "it is version 2, written by a newer expandable-preview …".
  package var reason: String {
    switch problem {
    case .unreadable(let reason), .otherKind(let reason), .damaged(let reason): reason
    case .newerVersion(let found):
      "it is version \(found), written by a newer expandable-preview (this one reads version "
        + "\(currentVersion)): use the same or a newer expandable-preview"
    case .olderVersion(let found):
      "it is version \(found), which this expandable-preview no longer reads (it reads version "
        + "\(currentVersion)): write it again with this expandable-preview"
    }
  }

  /// "cannot read the TITLE: REASON".
  package var message: String { "cannot read the \(title): \(reason)" }

  /// "NAME: cannot read the TITLE: REASON".
  package var description: String { "\(name): \(message)" }
}
