import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// Writes a plan bundle's files into the output folder while its blob streams in, so the
/// blob is never held: each slice (``PlanBundle``) is hashed as its bytes arrive and written
/// under a temporary name in its item's folder (``PendingFile``); a job's files get their
/// names only once every one of them had its digest and its layout part is one the job
/// writes (``PlanBundle/Job/implausibility(layoutPart:for:)``). The first slice that does
/// not match ends the stream: what is pending is removed, and ``failure`` says why.
///
/// A job for which `writes` answers false (its files are recorded already, or `--strict`
/// renders an animation held as one frame) is checked and not written; one whose folder or
/// files cannot be written is left out (``written`` has nil) and done by the run as without
/// a bundle, which reports the failure.
final class BundleWriter {
  private let bundle: PlanBundle
  private let jobs: [RenderJob]
  private let output: FolderHandle
  private let writes: (_ index: Int, _ stillAnimation: Bool) -> Bool

  /// Each job's files and layout part once written; nil for a job not written.
  private(set) var written: [BundledJob?] = []
  /// Why the blob is not the bundle's; nil while every byte matched.
  private(set) var failure: String? = nil

  // Where the stream is: the job, its slice (its files by name, then its layout part; -1
  // before the first), whether that slice is under way, its bytes still to come and their
  // running digest.
  private var job = 0
  private var slice = -1
  private var active = false
  private var left = 0
  private var digest = SHA256Digest()
  private var sortedFiles: [CachedJobEntry.File] = []
  private var writing = false
  private var file: PendingFile? = nil
  private var pending: [(PendingFile, CachedJobEntry.File)] = []
  private var layoutPart = Data()
  private var folder: (item: Int, handle: FolderHandle)? = nil

  init(
    _ bundle: PlanBundle, of jobs: [RenderJob], into output: FolderHandle,
    writes: @escaping (_ index: Int, _ stillAnimation: Bool) -> Bool
  ) {
    self.bundle = bundle
    self.jobs = jobs
    self.output = output
    self.writes = writes
    written.reserveCapacity(jobs.count)
    advance()
  }

  /// Takes the next bytes of the blob; false once they do not match (``failure``).
  func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard failure == nil else { return false }
      guard job < jobs.count else { return fail(wrongBytes) }
      let count = min(left, bytes.count - offset)
      let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
      digest.update(piece.baseAddress, count: count)
      if slice < sortedFiles.count {
        file?.write(piece)
      } else {
        layoutPart.append(contentsOf: piece)
      }
      left -= count
      offset += count
      advance()
    }
    return failure == nil
  }

  /// Whether the blob ended where its last slice does, every byte matching.
  var isComplete: Bool { failure == nil && job == jobs.count }

  /// Ends the slices whose bytes all came and starts the next ones, until one waits for
  /// bytes (a slice of no bytes ends at once), the blob's last ends, or one does not match.
  private func advance() {
    while failure == nil && job < jobs.count {
      if active {
        guard left == 0 else { return }
        endSlice()
        continue
      }
      if slice == -1 {
        let listed = bundle.jobs[job]
        sortedFiles = listed.files.sorted { $0.name < $1.name }
        writing = writes(job, listed.stillAnimation)
        layoutPart = Data()
        pending = []
      }
      slice += 1
      digest = SHA256Digest()
      active = true
      if slice < sortedFiles.count {
        left = sortedFiles[slice].size
        file = writing ? openFile(sortedFiles[slice].name) : nil
      } else {
        left = bundle.jobs[job].layout.size
        file = nil
      }
    }
  }

  /// The slice's last byte came: its digest is checked, and after the layout part the job's
  /// files get their names.
  private func endSlice() {
    active = false
    if slice < sortedFiles.count {
      guard digest.hex() == sortedFiles[slice].sha256 else {
        _ = fail(wrongBytes)
        return
      }
      if let file { pending.append((file, sortedFiles[slice])) }
      file = nil
      return
    }
    let listed = bundle.jobs[job]
    guard digest.hex() == listed.layout.sha256,
      LayoutReportFragments.kept(data: layoutPart, start: 0, lengths: [layoutPart.count]) != nil
    else {
      _ = fail(wrongBytes)
      return
    }
    if let why = listed.implausibility(layoutPart: layoutPart, for: jobs[job]) {
      _ = fail(why)
      return
    }
    written.append(commit(listed))
    job += 1
    slice = -1
  }

  /// Gives the job's pending files their names: the job, or nil when one cannot be written
  /// (the others are removed; the run does the job as without a bundle).
  private func commit(_ listed: PlanBundle.Job) -> BundledJob? {
    guard writing, pending.count == sortedFiles.count else {
      pending = []
      return nil
    }
    var files: [BundledJob.File] = []
    for (file, entry) in pending {
      guard let stamp = try? file.commit() else {
        pending = []
        return nil
      }
      files.append(.init(name: entry.name, sha256: entry.sha256, stamp: stamp))
    }
    pending = []
    return BundledJob(
      files: files, layoutPart: layoutPart, stillAnimation: listed.stillAnimation)
  }

  /// A pending file for `name` in the current job's item folder; nil when it cannot be made.
  private func openFile(_ name: String) -> PendingFile? {
    let item = jobs[job].itemIndex
    if folder?.item != item {
      folder = (try? output.subfolder(jobs[job].itemName)).map { (item, $0) }
    }
    guard let handle = folder?.handle else { return nil }
    return try? PendingFile(name, in: handle)
  }

  private var wrongBytes: String { "blob \(bundle.blob) does not have the files' digests" }

  private func fail(_ why: String) -> Bool {
    failure = failure ?? why
    file = nil
    pending = []
    return false
  }
}
