import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

extension VerifyRun {
  /// The entry of a golden `--changed` passes without rendering: its key and file are as the
  /// local `record` has them, or the shared cache holds a writing runner's pass for its key and
  /// the golden file's bytes; nil when it must be checked.
  static func unchangedGolden(
    _ job: RenderJob, key: String, record: GoldenKeyRecord, in folder: URL, cache: RemoteCache?
  ) -> Checked? {
    var unchanged = Checked(
      entry: VerificationEntry(
        path: job.relativePath, status: .match,
        summary: "\(job.relativePath): unchanged (key)"),
      outcome: nil, fontFiles: [], key: key, skipped: true)
    if record.isUnchanged(job.relativePath, key: key, in: folder) { return unchanged }
    guard let cache,
      let data = try? Data(contentsOf: folder.appendingPathComponent(job.relativePath))
    else { return nil }
    let golden = SHA256Digest.hex(of: data)
    guard cache.hasPass(goldenKey: key, golden: golden, path: job.relativePath) else {
      return nil
    }
    unchanged.passEntry = GoldenKeyRecord.Entry(key: key, sha256: golden)
    return unchanged
  }
}
