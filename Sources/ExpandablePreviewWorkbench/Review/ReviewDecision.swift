import ExpandablePreviewEngine

/// One decision `u` takes back: an approve (one image, or a group's at once) or a reject, with
/// what it changed as it was before it, so the undo puts back exactly that: the goldens' files
/// (and no folder the approve made) and the rejections with their notes.
struct ReviewDecision {
  enum Kind: String {
    case approve, reject
  }

  let kind: Kind
  /// The goldens it concerned.
  let paths: [String]
  /// The goldens' files before an approve, in the order written; none for a reject.
  let goldens: [GoldenBackup]
  /// The rejections of `paths` before it: an approve forgets them, a reject replaces them.
  let rejections: ReviewNotes.Kept
}
