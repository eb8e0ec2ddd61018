import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Runs jobs on the ``WorkerPool``, each with the renderer of the thread it runs on: `render`
/// encodes and writes the PNG, `verify` compares the image with its golden. Both share the plan,
/// the names, the scheduling and the progress output through this type. `Jobs` is the plan's
/// ``JobList`` (each job made when it is run) or the jobs made already (`render` makes them
/// once for its keys, not again here).
struct JobRunner<Jobs: RandomAccessCollection & Sendable>
where Jobs.Element == RenderJob, Jobs.Index == Int {
  var jobs: Jobs
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  var reporter: any RunObserver
  /// Whether a finished job reports every file it writes (`render`) or its first alone
  /// (`verify`, which compares one image per job).
  var reportsEveryFile = false

  /// Calls `work` for every job with the worker thread's renderer (made when the work first
  /// asks for it) and returns what it made; the result of job `i` is at index `i`. An error
  /// becomes that job's failure; the others go on. `isUnchanged` tells the progress output
  /// which outputs were skipped by an incremental run.
  func run<Output: Sendable>(
    isUnchanged: @escaping @Sendable (Output) -> Bool = { _ in false },
    _ work: @escaping @Sendable (RenderJob, WorkerRenderer) throws -> Output
  ) -> [Result<Output, JobFailure>] {
    let jobs = jobs
    let reporter = reporter
    let reportsEveryFile = reportsEveryFile
    let results = Locked([Result<Output, JobFailure>?](repeating: nil, count: jobs.count))
    WorkerPool.run(count: jobs.count, workers: workers, fontSet: fontSet) { index, renderer in
      let job = jobs[jobs.startIndex + index]
      let result: Result<Output, JobFailure>
      do {
        result = .success(try work(job, renderer))
      } catch {
        result = .failure(JobFailure(error))
      }
      results.withLock { $0[index] = result }
      let unchanged = if case .success(let output) = result { isUnchanged(output) } else { false }
      reporter.fileFinished(
        FinishedFile(
          paths: reportsEveryFile ? job.writtenPaths : [job.relativePath],
          failure: result.failureMessage, unchanged: unchanged))
    }
    // Only an interruption (SIGINT, SIGTERM) leaves jobs that never started.
    return results.withLock {
      $0.map { $0 ?? .failure(.interrupted) }
    }
  }
}

extension Result where Failure == JobFailure {
  var failureMessage: String? {
    if case .failure(let error) = self { error.description } else { nil }
  }
}
