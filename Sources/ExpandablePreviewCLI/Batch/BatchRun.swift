import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Renders a plan into an output folder: PNGs on the worker pool, then each item's
/// `layout.json`, then the gallery. A failure is recorded and the run goes on.
struct BatchRun {
  var plan: BatchPlan
  var outputFolder: URL
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  var reporter: ProgressReporter
  /// `--strict`: an animation with nothing to expand fails its job instead of a warning.
  var strict = false

  /// What happened to every job and report.
  struct Outcome {
    /// Files written (a job writes one file per format).
    var rendered: Int
    /// Files that failed to render or write (already reported as they happened).
    var renderFailures: [BatchSummary.Failure]
    /// `layout.json` and `index.html` files that could not be written.
    var reportFailures: [BatchSummary.Failure]
    var galleryWritten: Bool
    /// Animations written as one frame because the text fits, in job order: the item and
    /// what happened, for warnings after the progress output.
    var stillAnimations: [(item: String, reason: String)] = []
    /// The signal that stopped the run before its reports; nil when the run finished (a
    /// signal after the last report changes nothing).
    var interruption: Int32? = nil
  }

  func run(title: String) -> Outcome {
    var renderFailures: [BatchSummary.Failure] = []
    // Item folders are created and opened relative to the output folder without following
    // links (a planted `out/a → ../elsewhere` fails item a); every write opens them that way again.
    var unwritableItems: [Int: String] = [:]
    for index in plan.renderedItems {
      do throws(FolderError) {
        _ = try itemFolder(plan.items[index].name)
      } catch {
        unwritableItems[index] = error.description
      }
    }

    let layouts = renderAll(unwritableItems: unwritableItems)
    for (job, layout) in zip(plan.jobs, layouts) {
      if case .failure(let error) = layout {
        renderFailures.append(.init(item: job.itemName, file: job.file, error: error))
      }
    }
    let rendered = zip(plan.jobs, layouts).reduce(0) { count, pair in
      if case .success = pair.1 { count + pair.0.fileCount } else { count }
    }
    // Interrupted: stop at the complete PNGs; reports would describe a partial run.
    if let signal = Interruption.received {
      return Outcome(
        rendered: rendered, renderFailures: [], reportFailures: [], galleryWritten: false,
        interruption: signal)
    }
    var stillAnimations: [(item: String, reason: String)] = []
    for (job, layout) in zip(plan.jobs, layouts) {
      guard case .success(let layout) = layout, layout.isStillAnimation else { continue }
      let reason = StillAnimation.reason(job.component, lineLimit: "lineLimit")
      stillAnimations.append(
        (job.itemName, reason + ": " + StillAnimation.written(job.file)))
    }
    var reportFailures = writeLayoutReports(layouts, skipping: unwritableItems)
    var galleryWritten = false
    if plan.isLeadShard {
      // `--only` re-renders some items: the others an earlier run wrote stay in the gallery.
      let earlier = plan.itemsLeftOut.filter { item in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(
          atPath: outputFolder.appendingPathComponent(item.name).path, isDirectory: &isFolder)
          && isFolder.boolValue
      }
      // In the manifest's order: the rendered items' jobs, and the earlier ones' as planned.
      let shown =
        (plan.items.indices.map { (plan.items[$0], plan.jobs(ofItem: $0)) }
        + earlier.map { ($0, RenderJob.jobs(for: $0, itemIndex: 0)) })
        .sorted {
          plan.manifestOrder[$0.0.name, default: 0] < plan.manifestOrder[$1.0.name, default: 0]
        }
      let page = GalleryPage(
        title: title, items: shown.map(\.0), jobs: shown.map(\.1),
        fromEarlierRun: Set(earlier.map(\.name)),
        failures: Dictionary(
          renderFailures.map { ($0.item + "/" + $0.file, $0.error.description) },
          uniquingKeysWith: { first, _ in first }),
        machineDependent: fontSet.isMachineDependent)
      do {
        let folder = try FolderHandle(path: outputFolder.path)
        if let problem = OutputOwnership.problem(replacing: "index.html", in: folder) {
          throw JobFailure.other(problem)
        }
        try folder.write(Data(page.html().utf8), to: "index.html")
        galleryWritten = true
      } catch {
        reportFailures.append(.init(item: "", file: "index.html", error: JobFailure(error)))
      }
    }
    return Outcome(
      rendered: rendered, renderFailures: renderFailures, reportFailures: reportFailures,
      galleryWritten: galleryWritten, stillAnimations: stillAnimations)
  }

  /// The folder of item `name`, created if missing, opened without following a link.
  func itemFolder(_ name: String) throws(FolderError) -> FolderHandle {
    try FolderHandle(path: outputFolder.path).subfolder(name)
  }

  /// Renders and writes every job's PNG (through ``JobRunner``); the result of job `i` is at
  /// index `i`.
  private func renderAll(unwritableItems: [Int: String]) -> [Result<FileLayout, JobFailure>] {
    let run = self
    let runner = JobRunner(jobs: plan.jobs, workers: workers, fontSet: fontSet, reporter: reporter)
    return runner.run { job, renderer in
      if let problem = unwritableItems[job.itemIndex] { throw JobFailure.unwritableItem(problem) }
      let itemFolder = try run.itemFolder(job.itemName)
      let layout: FileLayout
      if job.fileFormat == .png {
        let rendered = try job.render(with: renderer, strict: run.strict)
        try itemFolder.write(rendered.bytes, to: job.file)
        layout = rendered.layout
      } else {
        let rendered = try job.fileFormat.render(
          job.component, options: job.options, with: renderer)
        try itemFolder.write(rendered.data, to: job.file)
        layout = .still(rendered.layout)
      }
      for (format, file) in job.moreFiles {
        let rendered = try format.render(job.component, options: job.options, with: renderer)
        try itemFolder.write(rendered.data, to: file)
      }
      if let overlay = job.overlayFile {
        let rendered = try renderer.renderAccessibilityOverlay(job.component, options: job.options)
        try itemFolder.write(try rendered.image.pngData(), to: overlay)
      }
      return layout
    }
  }

  /// Writes `layout.json` for every rendered item, listing its files that were written.
  private func writeLayoutReports(
    _ layouts: [Result<FileLayout, JobFailure>], skipping unwritableItems: [Int: String]
  ) -> [BatchSummary.Failure] {
    var entries: [Int: [LayoutReport.Entry]] = [:]
    for (job, layout) in zip(plan.jobs, layouts) {
      guard case .success(let layout) = layout else { continue }
      entries[job.itemIndex, default: []].append(
        .init(
          file: job.file,
          moreFiles: job.moreFiles.map(\.file) + (job.overlayFile.map { [$0] } ?? []),
          state: job.state,
          variant: job.variant, layout: layout))
    }
    var failures: [BatchSummary.Failure] = []
    for index in plan.renderedItems where unwritableItems[index] == nil {
      let name = plan.items[index].name
      let report = LayoutReport(name: name, fontSet: fontSet, renders: entries[index] ?? [])
      do {
        let folder = try itemFolder(name)
        if let problem = OutputOwnership.problem(replacing: "layout.json", in: folder) {
          throw JobFailure.other(problem)
        }
        try folder.write(report.jsonData(), to: "layout.json")
      } catch {
        failures.append(.init(item: name, file: "layout.json", error: JobFailure(error)))
      }
    }
    return failures
  }
}
