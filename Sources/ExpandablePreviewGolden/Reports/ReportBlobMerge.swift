import ExpandablePreview
import Foundation

/// The blobs of one sharded run put back together, in the order one unsharded run gives.
package struct ReportBlobMerge: Sendable {
  /// The blobs by shard, lead shard first.
  package let blobs: [ReportBlob.Loaded]

  /// Checks that `blobs` are every shard of one run exactly once: one kind, one manifest and
  /// plan, one shard count, no shard twice or missing, no file or item in two blobs.
  ///
  /// - Throws: ``ReportBlobError`` naming the blob and what is wrong.
  package init(_ blobs: [ReportBlob.Loaded]) throws(ReportBlobError) {
    guard let first = blobs.first else {
      throw ReportBlobError(path: "", message: "merge-reports needs at least one BLOB")
    }
    let reference = first.blob
    var byShard: [Int: ReportBlob.Loaded] = [:]
    for loaded in blobs {
      let blob = loaded.blob
      guard blob.kind == reference.kind else {
        throw ReportBlobError(
          path: loaded.name,
          message: "is a \(blob.kind.rawValue) blob, but \(first.name) is a "
            + "\(reference.kind.rawValue) blob: merge the blobs of one command")
      }
      guard blob.identity == reference.identity else {
        throw ReportBlobError(
          path: loaded.name,
          message: "comes from another manifest, selection or options than \(first.name) "
            + "(\(blob.identity.manifest), plan \(blob.identity.plan.prefix(12)); "
            + "\(reference.identity.manifest), plan \(reference.identity.plan.prefix(12))): "
            + "merge the blobs of one run")
      }
      guard blob.shard.count == reference.shard.count else {
        throw ReportBlobError(
          path: loaded.name,
          message: "is shard \(blob.shard), but \(first.name) is shard \(reference.shard): "
            + "the blobs come from runs with different shard counts")
      }
      if let other = byShard[blob.shard.index] {
        throw ReportBlobError(
          path: loaded.name,
          message: "is shard \(blob.shard), and so is \(other.name): give each shard's blob once")
      }
      byShard[blob.shard.index] = loaded
    }
    let count = reference.shard.count
    if byShard.count < count {
      let missing = (1...count).lazy.filter { byShard[$0] == nil }
      let shown = missing.prefix(10).map(String.init).joined(separator: ", ")
      let more = byShard.count + 10 < count ? ", …" : ""
      let given = byShard.keys.sorted().map(String.init).joined(separator: ", ")
      throw ReportBlobError(
        path: "",
        message: "shard\(count - byShard.count == 1 ? "" : "s") \(shown)\(more) of \(count) "
          + "\(count - byShard.count == 1 ? "is" : "are") missing (the blobs given are shard"
          + "\(byShard.count == 1 ? "" : "s") \(given) of \(count)): add the missing blob"
          + "\(count - byShard.count == 1 ? "" : "s")")
    }
    self.blobs = byShard.keys.sorted().map { byShard[$0]! }
    try checkDisjoint()
  }

  /// No file and no item is in two blobs: each shard renders whole items, once.
  private func checkDisjoint() throws(ReportBlobError) {
    var files: [String: String] = [:]
    var items: [Int: String] = [:]
    for loaded in blobs {
      for attachment in loaded.blob.attachments {
        if let other = files.updateValue(loaded.name, forKey: attachment.path) {
          throw ReportBlobError(
            path: loaded.name,
            message: "holds \(ReportBlob.filesFolder)/\(attachment.path), and so does \(other)")
        }
      }
      let blobItems =
        Set(loaded.blob.verify?.entries.map(\.item) ?? [])
        .union(loaded.blob.render?.sections.map(\.item) ?? [])
      for item in blobItems.sorted() {
        if let other = items.updateValue(loaded.name, forKey: item) {
          throw ReportBlobError(
            path: loaded.name,
            message: "has results of item \(item + 1), and so does \(other): the blobs overlap")
        }
      }
    }
    let itemCount = blobs[0].blob.identity.itemCount
    if let item = (0..<itemCount).first(where: { items[$0] == nil }) {
      throw ReportBlobError(
        path: blobs[0].name,
        message: "item \(item + 1) of \(itemCount) has results in no blob: the blobs are damaged")
    }
  }

  package var kind: ReportBlob.Kind { blobs[0].blob.kind }
  package var shardCount: Int { blobs[0].blob.shard.count }

  /// Every attachment the blob's results use, with the file it is in, by path: a file a blob
  /// lists but no entry of it shows (a page with a script, a folder of no item of the
  /// manifest) is not copied.
  package var attachments: [(path: String, file: URL)] {
    blobs.flatMap { loaded -> [(path: String, file: URL)] in
      let used = Self.usedPaths(of: loaded.blob)
      return loaded.blob.attachments.filter { used($0.path) }.map {
        (
          path: $0.path,
          file:
            ReportBlob.url(
              of: $0.path, in: loaded.folder.appendingPathComponent(ReportBlob.filesFolder))
        )
      }
    }.sorted { $0.path < $1.path }
  }

  /// Whether a path is one the blob's results show: a verify entry's artifacts (expected,
  /// actual, difference), or a file a render section links to, in the folder of the item the
  /// section is of.
  private static func usedPaths(of blob: ReportBlob) -> (String) -> Bool {
    var paths = Set<String>()
    if let verify = blob.verify {
      for entry in verify.entries.map(\.entry) + verify.trailing {
        guard let files = entry.artifacts else { continue }
        paths.formUnion([files.expected, files.actual, files.diff].compactMap { $0 })
      }
    }
    var sections: [String: [String]] = [:]
    if let render = blob.render {
      for section in render.sections where render.itemNames.indices.contains(section.item) {
        sections[render.itemNames[section.item], default: []].append(section.html)
      }
    }
    return { path in
      if paths.contains(path) { return true }
      guard let item = path.split(separator: "/").first.map(String.init),
        let pages = sections[item]
      else { return false }
      let link = "\"\(Markup.link(path))\""
      return pages.contains { $0.contains(link) }
    }
  }

  /// The merged verify report: the images in plan order (each item's in its shard's job
  /// order), then the lead shard's orphans and every shard's upkeep errors; the fingerprint
  /// differences of all shards, each once. Beside each image entry: the item its accept
  /// command selects. Nil for render blobs.
  package var verifyReport:
    (report: VerificationReport, acceptItems: [String?], results: ReportBlob.VerifyResults)?
  {
    let results = blobs.compactMap(\.blob.verify)
    guard let lead = results.first else { return nil }
    let placed = results.flatMap { $0.entries.enumerated() }
      .sorted { ($0.element.item, $0.offset) < ($1.element.item, $1.offset) }.map(\.element)
    var differences: [String] = []
    for line in results.flatMap(\.fingerprintDifferences) where !differences.contains(line) {
      differences.append(line)
    }
    let report = VerificationReport(
      entries: placed.map(\.entry) + results.flatMap(\.trailing),
      fingerprintDifferences: differences)
    return (report, placed.map(\.acceptItem), lead)
  }

  /// The merged gallery's parts: every shard's sections in plan order, its failures in shard
  /// order. Nil for verify blobs.
  package var gallery:
    (
      lead: ReportBlob.RenderResults, sections: [String], failedFiles: [String],
      otherFailures: [String]
    )?
  {
    let results = blobs.compactMap(\.blob.render)
    guard let lead = results.first else { return nil }
    let sections = results.flatMap(\.sections).sorted { $0.item < $1.item }.map(\.html)
    return (lead, sections, results.flatMap(\.failedFiles), results.flatMap(\.otherFailures))
  }
}
