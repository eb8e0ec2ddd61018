import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// What `verify` does to the snapshots folder after checking the images: lists (and prunes)
/// orphans and settles `fingerprint.json`. A failure here does not stop the run before its
/// reports: it becomes an entry with status `error`, so every report still fails.
package struct SnapshotsUpkeep {
  package var orphans: [String] = []
  /// Whether the orphans were deleted (`--prune`, and nothing failed).
  package var pruned = false
  /// What differs from the machine that recorded the goldens (when images failed).
  package var fingerprintDifferences: [String] = []
  /// Orphan entries, then any failure of the upkeep itself.
  package var entries: [VerificationEntry] = []

  /// - Parameters:
  ///   - expected: every golden path the whole manifest renders (orphans are judged against
  ///     it, whatever `--only` picks); nil when this shard does not list orphans.
  ///   - prune: delete the orphans; `snapshots` is the folder as the request named it.
  init(
    prune: Bool, snapshots: String, store: GoldenStore, expected: Set<String>?,
    outcome: VerifyRun.Outcome
  ) {
    var errors: [VerificationEntry] = []
    if let expected {
      do {
        // Only names the tool writes: another PNG in the folder is not the tool's to delete.
        orphans = try store.orphans(expecting: expected).filter(ToolGoldenPath.isToolsOwn)
        if prune {
          try store.prune(orphans, removingEmptiedFolders: ToolGoldenPath.isItemFolder)
          pruned = true
        }
      } catch {
        errors.append(.error(snapshots, reason: "orphans: \(error)"))
      }
    }
    do {
      var update = outcome.fingerprint
      if !errors.isEmpty { update.failed = true }
      fingerprintDifferences = try Fingerprint.settle(update, in: store.directory)
    } catch {
      errors.append(.error(Fingerprint.fileName, reason: "\(error)"))
    }
    entries = orphans.map { VerificationEntry.orphan($0, pruned: pruned) } + errors
  }
}
