import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

extension RenderManifestCommand {
  /// `--report-blob DIR`: this shard's part of the gallery (the sections of the items it
  /// rendered, with its failures) and the files of those items, for `merge-reports`.
  func writeReportBlob(
    to folder: String, plan: BatchPlan, outcome: BatchRun.Outcome,
    otherFailures: [BatchSummary.Failure], title: String, machineDependent: Bool,
    outputFolder: URL
  ) throws(ReportBlobError) {
    let failed = Dictionary(
      outcome.renderFailures.map { ($0.item + "/" + $0.file, $0.error.description) },
      uniquingKeysWith: { first, _ in first })
    // The page of the whole plan, as the unsharded run writes it; the blob keeps this
    // shard's sections of it.
    let page = GalleryPage(
      title: title, items: plan.items, jobs: plan.items.indices.map(plan.jobs(ofItem:)),
      failures: failed, machineDependent: machineDependent)
    var sources: [ReportBlob.Source] = []
    for index in plan.renderedItems {
      let name = plan.items[index].name
      let itemFolder = outputFolder.appendingPathComponent(name)
      for job in page.jobs[index] where failed[job.relativePath] == nil {
        for file in job.files.map(\.file) + [job.overlayFile].compactMap({ $0 }) {
          sources.append(
            ReportBlob.Source(
              path: name + "/" + file, file: itemFolder.appendingPathComponent(file)))
        }
      }
      let layout = itemFolder.appendingPathComponent("layout.json")
      if FileManager.default.fileExists(atPath: layout.path) {
        sources.append(ReportBlob.Source(path: name + "/layout.json", file: layout))
      }
    }
    let results = ReportBlob.RenderResults(
      title: title, itemNames: plan.items.map(\.name),
      fileCount: page.jobs.joined().reduce(0) { $0 + $1.fileCount },
      machineDependent: machineDependent,
      sections: plan.renderedItems.map {
        ReportBlob.GallerySection(item: $0, html: page.section(at: $0))
      },
      failedFiles: outcome.renderFailures.map { "\($0.item)/\($0.file): \($0.error)" },
      otherFailures: otherFailures.map {
        "\($0.item.isEmpty ? "" : $0.item + "/")\($0.file): \($0.error)"
      })
    let settings = ["render", "\(batch.strict)", "\(batch.systemFonts)"]
    let blob = ReportBlob(
      shard: BatchPlan.blobShard(batch.shard),
      identity: plan.blobIdentity(manifestPath: manifestPath, only: batch.only, settings: settings),
      render: results)
    try blob.write(to: RunDirectory.url(folder), copying: sources)
  }
}
