import Foundation

/// What a batch run did, for the final line and for `--json`.
package struct BatchSummary: JSONSummary {
  /// A file or report that could not be written, and why.
  package struct Failure: Encodable, Sendable {
    package var item: String
    package var file: String
    /// Typed until it is printed or encoded, where it becomes its description.
    package var error: JobFailure

    package init(item: String, file: String, error: JobFailure) {
      self.item = item
      self.file = file
      self.error = error
    }

    enum CodingKeys: String, CodingKey { case item, file, error }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(item, forKey: .item)
      try container.encode(file, forKey: .file)
      try container.encode(error.description, forKey: .error)
    }
  }

  var manifest: String
  var out: String
  var shard: String?
  var jobs: Int
  package var items: Int
  package var files: Int
  var rendered: Int
  /// Files whose job's key and bytes were unchanged, so they were not rendered again.
  var unchanged = 0
  /// Of the files rendered, those taken from the shared cache (`--cache`).
  var fromCache = 0
  /// Files of items no longer in the manifest that an earlier run recorded.
  var filesOfRemovedItems: [String] = []
  /// Whether `--prune` removed them.
  var pruned = false
  var failedItems: [String]
  var failures: [Failure]
  var gallery: String?
  var seconds: Double

  package init(
    manifest: String, out: String, shard: String? = nil, jobs: Int, items: Int, files: Int,
    rendered: Int, unchanged: Int = 0, fromCache: Int = 0, filesOfRemovedItems: [String] = [],
    pruned: Bool = false, failedItems: [String], failures: [Failure], gallery: String? = nil,
    seconds: Double
  ) {
    self.manifest = manifest
    self.out = out
    self.shard = shard
    self.jobs = jobs
    self.items = items
    self.files = files
    self.rendered = rendered
    self.unchanged = unchanged
    self.fromCache = fromCache
    self.filesOfRemovedItems = filesOfRemovedItems
    self.pruned = pruned
    self.failedItems = failedItems
    self.failures = failures
    self.gallery = gallery
    self.seconds = seconds
  }

  package var exitCode: Int32 { failures.isEmpty ? 0 : 1 }

  /// The human summary printed after the progress output.
  package var text: String {
    var text =
      "Rendered \(Self.grouped(rendered)) of \(Self.grouped(files)) files"
      + (unchanged > 0 ? " (\(Self.grouped(unchanged)) unchanged)" : "")
      + (fromCache > 0 ? " (\(Self.grouped(fromCache)) from the cache)" : "")
      + " for \(items) \(items == 1 ? "item" : "items") in "
      + "\(String(format: "%.2f", seconds)) s into \(out)"
    if let shard { text += " (shard \(shard))" }
    if let gallery { text += "\nGallery: \(gallery)" }
    if !filesOfRemovedItems.isEmpty {
      text +=
        "\n\(filesOfRemovedItems.count) file(s) of items no longer in the manifest "
        + (pruned ? "removed" : "(remove them with --prune)") + ":\n  "
        + filesOfRemovedItems.joined(separator: "\n  ")
    }
    if !failedItems.isEmpty {
      text += "\n\(failedItems.count) item(s) failed: \(failedItems.joined(separator: ", "))"
    }
    return text
  }

  /// `6,912`: thousands grouped with commas whatever the locale.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var parts: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      parts.insert(digits[start..<end], at: 0)
      end = start
    }
    return (number < 0 ? "-" : "") + parts.joined(separator: ",")
  }
}
