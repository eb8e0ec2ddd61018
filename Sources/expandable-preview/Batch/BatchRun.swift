import ExpandablePreview
import Foundation

/// Renders a plan into an output folder: PNGs on the worker pool, then each item's
/// `layout.json`, then the gallery. A failure is recorded and the run goes on.
struct BatchRun {
  var plan: BatchPlan
  var outputFolder: URL
  var workers: Int
  var reporter: ProgressReporter

  /// What happened to every job and report.
  struct Outcome {
    var rendered: Int
    /// Files that failed to render or write (already reported as they happened).
    var renderFailures: [BatchSummary.Failure]
    /// `layout.json` and `index.html` files that could not be written.
    var reportFailures: [BatchSummary.Failure]
    var galleryWritten: Bool
  }

  func run(title: String) -> Outcome {
    var renderFailures: [BatchSummary.Failure] = []
    var unwritableItems: [Int: String] = [:]
    for index in plan.renderedItems {
      let folder = outputFolder.appendingPathComponent(plan.items[index].name, isDirectory: true)
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        unwritableItems[index] =
          "cannot create folder \(folder.path): \(error.localizedDescription)"
      }
    }

    let layouts = renderAll(unwritableItems: unwritableItems)
    for (job, layout) in zip(plan.jobs, layouts) {
      if case .failure(let error) = layout {
        renderFailures.append(.init(item: job.itemName, file: job.file, error: error.message))
      }
    }
    let rendered = layouts.filter { if case .success = $0 { true } else { false } }.count
    // Interrupted: stop at the complete PNGs; reports would describe a partial run.
    guard Interruption.received == nil else {
      return Outcome(
        rendered: rendered, renderFailures: [], reportFailures: [], galleryWritten: false)
    }
    var reportFailures = writeLayoutReports(layouts, skipping: unwritableItems)
    var galleryWritten = false
    if plan.writesGallery {
      let page = GalleryPage(title: title, items: plan.items, jobs: plan.allJobs)
      do {
        try AtomicFile.write(
          Data(page.html().utf8), to: outputFolder.appendingPathComponent("index.html"))
        galleryWritten = true
      } catch {
        reportFailures.append(.init(item: "", file: "index.html", error: "\(error)"))
      }
    }
    return Outcome(
      rendered: rendered, renderFailures: renderFailures, reportFailures: reportFailures,
      galleryWritten: galleryWritten)
  }

  /// A render failure's message, as a Sendable error value.
  struct JobError: Error {
    var message: String
  }

  /// Renders and writes every job's PNG; the result of job `i` is at index `i`.
  private func renderAll(unwritableItems: [Int: String]) -> [Result<LayoutResult, JobError>] {
    let jobs = plan.jobs
    let folder = outputFolder
    let reporter = reporter
    let results = Locked([Result<LayoutResult, JobError>?](repeating: nil, count: jobs.count))
    WorkerPool.run(count: jobs.count, workers: workers) { index, renderer in
      let job = jobs[index]
      let result: Result<LayoutResult, JobError>
      if let problem = unwritableItems[job.itemIndex] {
        result = .failure(JobError(message: problem))
      } else {
        do {
          let rendered = try renderer.render(job.component, options: job.options)
          let url = folder.appendingPathComponent(job.itemName, isDirectory: true)
            .appendingPathComponent(job.file)
          try AtomicFile.write(rendered.image.pngData(), to: url)
          result = .success(rendered.layout)
        } catch {
          result = .failure(JobError(message: "\(error)"))
        }
      }
      results.withLock { $0[index] = result }
      reporter.finished(job.relativePath, failure: result.failureMessage)
    }
    return results.withLock {
      $0.map { $0 ?? .failure(JobError(message: "not rendered: the run was interrupted")) }
    }
  }

  /// Writes `layout.json` for every rendered item, listing its files that were written.
  private func writeLayoutReports(
    _ layouts: [Result<LayoutResult, JobError>], skipping unwritableItems: [Int: String]
  ) -> [BatchSummary.Failure] {
    var entries: [Int: [LayoutReport.Entry]] = [:]
    for (job, layout) in zip(plan.jobs, layouts) {
      guard case .success(let layout) = layout else { continue }
      entries[job.itemIndex, default: []].append(
        .init(file: job.file, state: job.state, variant: job.variant, layout: layout))
    }
    var failures: [BatchSummary.Failure] = []
    for index in plan.renderedItems where unwritableItems[index] == nil {
      let name = plan.items[index].name
      let report = LayoutReport(name: name, renders: entries[index] ?? [])
      let url = outputFolder.appendingPathComponent(name, isDirectory: true)
        .appendingPathComponent("layout.json")
      do {
        try AtomicFile.write(report.jsonData(), to: url)
      } catch {
        failures.append(.init(item: name, file: "layout.json", error: "\(error)"))
      }
    }
    return failures
  }
}

extension Result where Failure == BatchRun.JobError {
  var failureMessage: String? {
    if case .failure(let error) = self { error.message } else { nil }
  }
}
