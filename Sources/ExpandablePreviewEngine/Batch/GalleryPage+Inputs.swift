import ExpandablePreview
import ExpandablePreviewSupport

extension GalleryPage {
  /// Bumped when the page's markup changes in a way ``inputsDigest()`` cannot see (a branch
  /// the page's frame and the first item's section do not show).
  static let markupVersion = 1

  /// The SHA-256 of everything the page's bytes are made of: the title, the items' names
  /// and states, each job's variant, state and files, the failures, the items from an
  /// earlier run, the machine's fonts, and the markup itself (its version, the page's frame
  /// and the first item's section). Not the texts: a text edited leaves the page as it is.
  /// A run whose digest is the last run's, and whose `index.html` still has the stamp that
  /// run left, leaves the page without building it (building 2,500 items' sections to compare
  /// them cost as much as the rest of a one-edit run's bookkeeping).
  package func inputsDigest() -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview gallery inputs \(Self.markupVersion)")
    digest.update(
      field: Self.page(
        title: title, itemNames: [], fileCount: 0, failureCount: failures.count,
        machineDependent: machineDependent, sections: items.isEmpty ? [] : [section(at: 0)]))
    digest.update(integer: UInt64(failures.count))
    for (file, reason) in failures.sorted(by: { $0.key < $1.key }) {
      digest.update(field: file)
      digest.update(field: reason)
    }
    digest.update(integer: UInt64(items.count))
    for (item, jobs) in zip(items, jobs) {
      digest.update(field: item.name)
      digest.update(integer: fromEarlierRun.contains(item.name) ? 1 : 0)
      digest.update(integer: UInt64(item.states.count))
      for state in item.states { digest.update(field: state.rawValue) }
      digest.update(integer: UInt64(jobs.count))
      for job in jobs {
        digest.update(field: job.state.rawValue)
        KeyFields.write(job.variant, to: digest)
        digest.update(integer: UInt64(job.files.count))
        for (format, file) in job.files {
          digest.update(field: format.rawValue)
          digest.update(field: file)
        }
        // The accessibility overlay counts among the page's files.
        digest.update(field: job.overlayFile ?? "")
      }
    }
    return digest.hex()
  }
}
