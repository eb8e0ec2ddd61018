import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// Writes the gallery, `index.html`, of the plan's items in the manifest's order: the
  /// rendered items with `jobs` (made once for the run), the others with their jobs as planned,
  /// and the items `--only` left out that an earlier run wrote, with `renderFailures` marked.
  ///
  /// The page is not built when its inputs are the last run's (``GalleryPage/inputsDigest()``
  /// equal to ``knownGalleryInputs``) and `index.html` still has the stamp that run left it
  /// with: its bytes would be the ones it has.
  ///
  /// - Returns: the stamp of `index.html` as left, when it may stand for its bytes (written
  ///   now, or found equal and settled at `now` or with the stamp the last run left it with),
  ///   and the digest of the page's inputs.
  @discardableResult
  func writeGallery(
    title: String, jobs: [RenderJob], renderFailures: [BatchSummary.Failure], now: Int64
  ) throws -> (stamp: FileStamp?, inputs: String) {
    // `--only` re-renders some items: the others an earlier run wrote stay in the gallery.
    let earlier = plan.itemsLeftOut.filter { item in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: outputFolder.appendingPathComponent(item.name).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    let made = Dictionary(grouping: jobs, by: \.itemIndex)
    let shown =
      (plan.items.indices.map { (plan.items[$0], made[$0] ?? plan.jobs(ofItem: $0)) }
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
    let inputs = page.inputsDigest()
    if inputs == knownGalleryInputs, let known = knownStamps[GalleryPage.fileName],
      try outputHandle().stamp(ofFile: GalleryPage.fileName) == known
    {
      return (known, inputs)
    }
    let left = try ReportFile.writeStamped(
      Data(page.html().utf8), to: GalleryPage.fileName, in: outputHandle())
    let trusted =
      left.written || left.stamp.isSettled(readAt: now)
      || knownStamps[GalleryPage.fileName] == left.stamp
    return (trusted ? left.stamp : nil, inputs)
  }
}
