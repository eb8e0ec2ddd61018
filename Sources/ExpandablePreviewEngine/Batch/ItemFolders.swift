import ExpandablePreviewSupport

/// Each item's folder opened once for all of its jobs while they run, instead of once per job
/// (two system calls each, on runs of thousands of jobs), and closed when its last job is
/// done, so the descriptors held stay about one per worker.
final class ItemFolders: Sendable {
  private struct State {
    var open: [Int: FolderHandle] = [:]
    /// Jobs not done yet, by item index.
    var remaining: [Int: Int] = [:]
  }

  private let state: Locked<State>

  /// For the jobs of `jobs`, each of which calls ``finished(_:)`` once when done.
  init(jobs: some Sequence<RenderJob>) {
    var remaining: [Int: Int] = [:]
    for job in jobs { remaining[job.itemIndex, default: 0] += 1 }
    state = Locked(State(remaining: remaining))
  }

  /// The folder of `job`'s item: the one opened for an earlier job of the item, or `opening()`'s.
  func folder(of job: RenderJob, opening: () throws(FolderError) -> FolderHandle)
    throws(FolderError) -> FolderHandle
  {
    if let open = state.withLock({ $0.open[job.itemIndex] }) { return open }
    let opened = try opening()
    return state.withLock { state in
      if let first = state.open[job.itemIndex] { return first }
      // Kept only while another job of the item is to come.
      if state.remaining[job.itemIndex, default: 0] > 1 { state.open[job.itemIndex] = opened }
      return opened
    }
  }

  /// `job` is done: its item's folder is closed once no job of the item is left.
  func finished(_ job: RenderJob) {
    state.withLock { state in
      let left = state.remaining[job.itemIndex, default: 1] - 1
      state.remaining[job.itemIndex] = left
      if left <= 0 { state.open[job.itemIndex] = nil }
    }
  }
}
