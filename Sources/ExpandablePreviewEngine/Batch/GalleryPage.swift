import ExpandablePreview
import ExpandablePreviewGolden

/// `OUT/index.html`: every item with its states side by side, one row per variant. Plain HTML
/// and CSS with relative links, so it works opened from disk.
package struct GalleryPage {
  /// The page's name in the output folder.
  package static let fileName = "index.html"

  package var title: String
  package var items: [ManifestItem]
  package var jobs: [[RenderJob]]
  /// Items this run did not render (`--only` left them out) whose files an earlier run wrote.
  package var fromEarlierRun: Set<String> = []
  /// Why each file of this run failed, by `item/file`: the gallery shows the reason where the
  /// picture would be, not a broken image.
  package var failures: [String: String] = [:]
  /// Rendered with the machine's fonts (`--system-fonts`, `"fonts": "system"`).
  package var machineDependent = false

  package init(
    title: String, items: [ManifestItem], jobs: [[RenderJob]], fromEarlierRun: Set<String> = [],
    failures: [String: String] = [:], machineDependent: Bool = false
  ) {
    self.title = title
    self.items = items
    self.jobs = jobs
    self.fromEarlierRun = fromEarlierRun
    self.failures = failures
    self.machineDependent = machineDependent
  }

  package func html() -> String {
    Self.page(
      title: title, itemNames: items.map(\.name),
      fileCount: jobs.joined().reduce(0) { $0 + $1.fileCount }, failureCount: failures.count,
      machineDependent: machineDependent,
      sections: items.indices.map { section(items[$0], number: $0 + 1, jobs: jobs[$0]) })
  }

  /// The section of item `index` of ``items``: what a shard's report blob keeps of the page.
  package func section(at index: Int) -> String {
    section(items[index], number: index + 1, jobs: jobs[index])
  }

  /// The page around the items' sections (in order, one per name); `merge-reports` puts the
  /// shards' sections together with it.
  package static func page(
    title: String, itemNames: [String], fileCount: Int, failureCount: Int,
    machineDependent: Bool, sections: [String]
  ) -> String {
    // ", 2 failed" after the counts when files of this run failed.
    let failureNote = failureCount == 0 ? "" : ", <strong>\(failureCount) failed</strong>"
    let itemCount = itemNames.count
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      \(OutputOwnership.galleryMark)
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escape(title))</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f5f5f7; color: #1d1d1f; }
      nav a { margin-right: 12px; }
      section { margin: 32px 0; }
      table { border-collapse: collapse; }
      th, td { padding: 8px 12px; vertical-align: top; text-align: start; }
      thead th { font-weight: 600; }
      tbody th { font-weight: normal; color: #6e6e73; white-space: nowrap; }
      tr.dark td { background: #1c1c1e; }
      figure { margin: 0; }
      img { display: block; outline: 1px solid rgba(128, 128, 128, 0.5); height: auto; }
      figcaption { font-size: 12px; color: #6e6e73; margin-top: 4px; }
      td.failed p { color: #d70015; max-width: 320px; }
      tr.dark figcaption { color: #aeaeb2; }
      </style>
      </head>
      <body>
      <h1>\(Markup.escape(title))</h1>
      <p>\(itemCount) \(itemCount == 1 ? "item" : "items"), \(fileCount) \(fileCount == 1 ? "file" : "files")\(failureNote).</p>

      """
    if machineDependent {
      page +=
        "<p class=\"machine-dependent\"><strong>Rendered with this machine's fonts "
        + "(system fonts): the images depend on the machine's installed fonts, fontconfig "
        + "configuration and locale, and differ elsewhere.</strong></p>\n"
    }
    page += "<nav>"
    for (index, name) in itemNames.enumerated() {
      page += "<a href=\"#item-\(index + 1)\">\(Markup.escape(name))</a>"
    }
    page += "</nav>\n"
    page += sections.joined()
    page += "</body>\n</html>\n"
    return page
  }

  private func section(_ item: ManifestItem, number: Int, jobs: [RenderJob]) -> String {
    let name = Markup.escape(item.name)
    var html = """
      <section id="item-\(number)">
      <h2>\(name)</h2>
      <p><a href="\(Markup.link(item.name + "/layout.json"))">layout.json</a>\
      \(fromEarlierRun.contains(item.name) ? " · from an earlier run (left out by --only)" : "")</p>
      <table>
      <thead><tr><th>variant</th>
      """
    for state in item.states { html += "<th>\(state.rawValue)</th>" }
    html += "</tr></thead>\n<tbody>\n"
    // Jobs come variant by variant, one per state: each run of `states.count` jobs is a row.
    let perRow = item.states.count
    for rowStart in stride(from: 0, to: jobs.count, by: perRow) {
      let row = jobs[rowStart..<min(rowStart + perRow, jobs.count)]
      let variant = row.first!.variant
      html +=
        "<tr class=\"\(variant[VariantAxis.appearance].rawValue)\"><th>\(Markup.escape(label(variant)))</th>"
      for job in row {
        if let reason = failures[item.name + "/" + job.file] {
          html +=
            "<td class=\"failed\"><p><strong>Failed:</strong> \(Markup.escape(reason))</p>"
            + "<figcaption>\(Markup.escape(job.file))</figcaption></td>"
          continue
        }
        // An animation's APNG plays in the browser next to the stills; the caption says so.
        let file = Markup.escape(job.file) + (job.state.direction == nil ? "" : " · animated")
        let link = Markup.link(item.name + "/" + job.file)
        // Browsers show PNG and SVG in an <img>, not PDF: a PDF-only render gets a link.
        let picture =
          job.fileFormat == .pdf
          ? "<a href=\"\(link)\">\(file)</a>"
          : "<img src=\"\(link)\" width=\"\(FileName.number(variant[VariantAxis.width]))\" alt=\"\(name) \(file)\" loading=\"lazy\">"
        html += """
          <td><figure>\(picture)<figcaption>\(file)\(vectorLinks(item, job))</figcaption>\
          </figure></td>
          """
      }
      html += "</tr>\n"
    }
    html += "</tbody>\n</table>\n</section>\n"
    return html
  }

  /// Links to the job's SVG and PDF files, after its caption.
  private func vectorLinks(_ item: ManifestItem, _ job: RenderJob) -> String {
    job.moreFiles.map { format, file in
      " · <a href=\"\(Markup.link(item.name + "/" + file))\">\(format.rawValue.uppercased())</a>"
    }.joined()
  }

  private func label(_ variant: Variant) -> String {
    "\(variant[VariantAxis.appearance].rawValue) · \(variant[VariantAxis.dynamicType].rawValue) · \(FileName.number(variant[VariantAxis.width])) pt · @\(variant[VariantAxis.scale])x"
  }
}
