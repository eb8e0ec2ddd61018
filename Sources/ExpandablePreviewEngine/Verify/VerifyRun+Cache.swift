import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

extension VerifyRun {
  /// The entry of a golden `--changed` passes without rendering: its key and file are as the
  /// local `record` has them, or the shared cache holds a writing runner's pass for its key and
  /// the golden file's bytes; nil when it must be checked.
  static func unchangedGolden(
    _ job: RenderJob, key: String, record: GoldenKeyRecord, in folder: GoldenStore,
    cache: RemoteCache?
  ) -> Checked? {
    var unchanged = Checked(
      entry: .unchanged(job.relativePath),
      failure: nil, fontFiles: [], key: key, skipped: true)
    if record.isUnchanged(job.relativePath, key: key, in: folder) { return unchanged }
    // Streamed through folders opened without following links, bounded: a golden is a file
    // anyone can replace with a link, a FIFO or something huge.
    guard let cache, let golden = GoldenKeyRecord.hash(ofGolden: job.relativePath, in: folder)
    else { return nil }
    guard cache.hasPass(goldenKey: key, golden: golden, path: job.relativePath) else {
      return nil
    }
    unchanged.passEntry = GoldenKeyRecord.Entry(key: key, sha256: golden)
    return unchanged
  }
}
