import ExpandablePreview
import Foundation

extension VerificationReport {
  /// report.html: fingerprint differences first, then every failure (an image that could not be
  /// checked with its reason) with its three panels
  /// (images are relative files in the artifacts folder), its counts and the command that
  /// accepts it; then orphans and the list of matching images. Self-contained, no scripts.
  public func html(title: String) -> String {
    var body = "<h1>\(Markup.escape(title))</h1>\n"
    body +=
      "<p class=\"totals\">\(count(.match)) match · \(count(.mismatch)) mismatch · "
      + "\(count(.sizeChanged)) size changed · \(count(.fontsDiffer)) fonts differ · "
      + "\(count(.missing)) missing · \(count(.error)) error · \(count(.orphan)) orphan</p>\n"
    if !fingerprintDifferences.isEmpty {
      let heading = Markup.escape(String(Fingerprint.differencesHeading.dropLast()))
      body += "<section class=\"fingerprint\"><h2>\(heading)</h2><ul>\n"
      body += fingerprintDifferences.map { "<li>\(Markup.escape($0))</li>\n" }.joined()
      body += "</ul></section>\n"
    }
    body += failures.map(failureSection).joined()
    let orphans = entries.filter { $0.status == .orphan }
    if !orphans.isEmpty {
      body += "<section><h2>Orphan goldens</h2><ul>\n"
      body += orphans.map {
        "<li><code>\(Markup.escape($0.path))</code> — \(Markup.escape(detail(of: $0)))</li>\n"
      }.joined()
      body += "</ul></section>\n"
    }
    let matches = entries.filter { $0.status == .match }
    if !matches.isEmpty {
      body += "<details><summary>\(matches.count) matching images</summary><ul>\n"
      body += matches.map { "<li><code>\(Markup.escape($0.path))</code></li>\n" }.joined()
      body += "</ul></details>\n"
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(Markup.escape(title))</title>
      <style>
      body { font: 15px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
      .totals { font-size: 17px; }
      section.failure { border-top: 1px solid #ccc; padding: 12px 0; }
      .status { display: inline-block; padding: 1px 8px; border-radius: 4px; color: white; background: #c62828; font-size: 13px; }
      .status.missing { background: #6d4c41; }
      .status.fonts-differ { background: #ef6c00; }
      .status.error { background: #4a148c; }
      .fingerprint { background: #fff8e1; border: 1px solid #f9a825; padding: 4px 16px; }
      .panels img { max-width: 100%; image-rendering: pixelated; border: 1px solid #ddd; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
      .captions { display: flex; justify-content: space-around; max-width: 100%; color: #555; font-size: 13px; }
      .rejected { background: #fdecea; border-left: 4px solid #c62828; padding: 6px 10px; white-space: pre-wrap; font-weight: 600; }
      .changed { background: #e8f0fe; border-left: 4px solid #1a73e8; padding: 6px 10px; }
      .texts { font-family: ui-monospace, monospace; font-size: 13px; white-space: pre-wrap; margin: 8px 0 16px; }
      .texts div { margin: 4px 0; }
      .texts del { background: #ffcdd2; color: #b71c1c; text-decoration: line-through; }
      .texts ins { background: #c8e6c9; color: #1b5e20; text-decoration: none; }
      pre { background: #f2f2f7; padding: 8px; overflow-x: auto; user-select: all; }
      </style>
      </head>
      <body>
      \(body)</body>
      </html>

      """
  }

  /// The entry's summary without the leading path, which the page already shows.
  private func detail(of entry: VerificationEntry) -> String {
    let prefix = entry.path + ": "
    return entry.summary.hasPrefix(prefix)
      ? String(entry.summary.dropFirst(prefix.count)) : entry.summary
  }

  private func failureSection(_ entry: VerificationEntry) -> String {
    var html = "<section class=\"failure\">\n"
    html +=
      "<h2><code>\(Markup.escape(entry.path))</code> <span class=\"status \(entry.status.rawValue)\">\(entry.status.rawValue)</span></h2>\n"
    if let rejection = entry.rejection {
      html += "<p class=\"rejected\">\(Markup.escape(rejection))</p>\n"
    }
    if let layout = entry.layout { html += whatChanged(layout) }
    if entry.fontDifferences.isEmpty {
      // The layout's words are the "what changed" line; the rest (the pixels) follows it.
      var words = detail(of: entry)
      if let layout = entry.layout, words.hasPrefix(layout.description) {
        words = words.dropFirst(layout.description.count).trimmingCharacters(in: .whitespaces)
        if words.hasPrefix("("), words.hasSuffix(")") {
          words = String(words.dropFirst().dropLast())
        }
        if words.hasPrefix(";") {
          words = String(words.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
      }
      if !words.isEmpty { html += "<p>\(Markup.escapeIsolatingQuotes(words))</p>\n" }
    } else {
      html +=
        "<p>The fonts differ from those the golden was recorded with:</p>\n<ul class=\"fonts\">\n"
      html += entry.fontDifferences.map { "<li>\(Markup.escape($0))</li>\n" }.joined()
      html += "</ul>\n"
    }
    if !entry.fontDifferences.isEmpty {
      // The counts are in the summary otherwise; said once.
      html +=
        "<p>\(entry.diffPixels) differing pixels, \(entry.aaPixels) anti-aliasing pixels, \(entry.totalPixels) pixels in all.</p>\n"
    }
    if let artifacts = entry.artifacts {
      if let diff = artifacts.diff {
        html +=
          "<div class=\"panels\"><div class=\"captions\"><span>expected</span><span>difference</span><span>actual</span></div>\n"
        html +=
          "<img src=\"\(Markup.escape(Markup.link(diff)))\" alt=\"expected, difference and actual image of \(Markup.escape(entry.path))\"></div>\n"
      } else if let actual = artifacts.actual {
        let caption = entry.status == .error ? "the golden could not be read" : "no golden yet"
        html +=
          "<div class=\"panels\"><div class=\"captions\"><span>actual (\(caption))</span></div>\n"
        html +=
          "<img src=\"\(Markup.escape(Markup.link(actual)))\" alt=\"actual image of \(Markup.escape(entry.path))\"></div>\n"
      }
      let links = [
        ("expected", artifacts.expected), ("actual", artifacts.actual), ("diff", artifacts.diff),
      ]
      .compactMap { name, path in
        path.map { "<a href=\"\(Markup.escape(Markup.link($0)))\">\(name)</a>" }
      }
      html += "<p>Files: \(links.joined(separator: " · "))</p>\n"
    }
    if let command = entry.acceptCommand {
      html +=
        "<p>To accept this item's failing images as the new goldens:</p>\n<pre><code>\(Markup.escape(command))</code></pre>\n"
    }
    return html + "</section>\n"
  }

  /// The "what changed" line above the pictures, then the recorded and the new visible text
  /// with the part that differs marked.
  private func whatChanged(_ layout: LayoutReportEntry) -> String {
    var html =
      "<p class=\"changed\"><strong>What changed:</strong> \(Markup.escapeIsolatingQuotes(layout.description))</p>\n"
    if let before = layout.visibleTextBefore, let after = layout.visibleTextAfter {
      let old = TextDifference(before, after)
      let new = TextDifference(after, before)
      html +=
        "<div class=\"texts\"><div>recorded: <bdi>\(Markup.escape(old.prefix))<del>\(Markup.escape(old.middle))</del>\(Markup.escape(old.suffix))</bdi></div>\n"
        + "<div>now: <bdi>\(Markup.escape(new.prefix))<ins>\(Markup.escape(new.middle))</ins>\(Markup.escape(new.suffix))</bdi></div></div>\n"
    }
    return html
  }
}
