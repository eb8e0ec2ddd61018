import Foundation

/// What a batch run did, for the final line and for `--json`.
struct BatchSummary: JSONSummary {
  /// A file or report that could not be written, and why.
  struct Failure: Encodable, Sendable {
    var item: String
    var file: String
    /// Typed until it is printed or encoded, where it becomes its description.
    var error: JobFailure

    enum CodingKeys: String, CodingKey { case item, file, error }

    func encode(to encoder: any Encoder) throws {
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
  var items: Int
  var files: Int
  var rendered: Int
  /// Files whose job's key and bytes were unchanged, so they were not rendered again.
  var unchanged = 0
  /// Files of items no longer in the manifest that an earlier run recorded.
  var filesOfRemovedItems: [String] = []
  /// Whether `--prune` removed them.
  var pruned = false
  var failedItems: [String]
  var failures: [Failure]
  var gallery: String?
  var seconds: Double

  var exitCode: Int32 { failures.isEmpty ? 0 : 1 }

  /// The human summary printed after the progress output.
  var text: String {
    var text =
      "Rendered \(Self.grouped(rendered)) of \(Self.grouped(files)) files"
      + (unchanged > 0 ? " (\(Self.grouped(unchanged)) unchanged)" : "")
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
