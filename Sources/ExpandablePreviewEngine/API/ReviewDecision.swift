/// One decision of a ``VerifyReview``: an approve (one image or several at once) or a reject,
/// with what it changed as it was before, so ``VerifyReview/undo()`` puts back exactly that:
/// the goldens' files or lock lines (and no folder the approve made), and the rejections with
/// their notes.
public struct ReviewDecision: Sendable, CustomStringConvertible {
  /// What a decision did.
  public enum Kind: String, Sendable {
    /// Recorded the images as they render now as their goldens.
    case approve
    /// Kept a reviewer's note on a failing image, writing no golden.
    case reject
  }

  /// Whether it approved or rejected.
  public let kind: Kind
  /// The goldens it concerned: those an approve wrote (in the order written), or the one
  /// rejected.
  public let paths: [String]
  /// The rejected images ``VerifyReview/approveAll(_:)`` left out.
  public let leftOut: [String]
  /// What went wrong after part of an approve was written (the images before it stay approved,
  /// and undoable with them); nil when nothing did.
  public let problem: String?
  /// The goldens' files before an approve, in the order written; none for a reject.
  package let goldens: [GoldenBackup]
  /// The rejections of ``paths`` before it: an approve forgets them, a reject replaces them.
  package let rejections: ReviewNotes.Kept

  /// "Approved 2 images", with the rejected images left out named after it; "Rejected PATH".
  public var description: String {
    switch kind {
    case .reject: return "Rejected \(paths.joined(separator: ", "))"
    case .approve:
      let approved = "Approved \(Self.count(paths.count, "image"))"
      guard let leftOutWords = Self.leftOutWords(leftOut) else { return approved }
      return "\(approved); \(leftOutWords)."
    }
  }

  /// "left out 1 rejected image: PATH (…)"; nil when none was left out.
  static func leftOutWords(_ leftOut: [String]) -> String? {
    guard !leftOut.isEmpty else { return nil }
    return "left out \(count(leftOut.count, "rejected image")): "
      + "\(leftOut.joined(separator: ", ")) (approve one alone to override its rejection)"
  }

  /// "1 image", "2 images".
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
