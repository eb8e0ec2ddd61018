/// The render record is a file in the output folder anyone can edit: before it is used, every
/// path in it must name a file of its own item inside the folder and every offset must be a
/// size a file can have. A record failing this is the tool's own record damaged: the run
/// starts afresh (every job rendered), as for a record of another version.
extension RenderRecord {
  /// The most bytes the record or an item's `layout.json` is read to (1 GiB: a million jobs'
  /// entries fit); a larger file is not read.
  static let maxBytes = 1 << 30
  /// The most bytes an output file is hashed to (8 GiB, read 1 MiB at a time): a larger one
  /// counts as changed.
  static let maxOutputBytes = 1 << 33
  /// The largest offset or length a report entry may hold: no `layout.json` read is larger.
  static let maxReportBytes = maxBytes

  /// Whether every path and number is one a run could have written.
  var isWellFormed: Bool {
    jobs.allSatisfy { path, entry in
      guard let (item, _) = Self.itemAndFile(path) else { return false }
      return entry.files.keys.allSatisfy { Self.itemAndFile($0)?.item == item }
        && entry.stamps.keys.allSatisfy { entry.files[$0] != nil }
    }
      && reports.allSatisfy { item, report in
        Self.isPlainName(item) && report.files.allSatisfy(Self.isPlainName)
          && (0...Self.maxReportBytes).contains(report.start)
          && report.lengths.allSatisfy { (0...Self.maxReportBytes).contains($0) }
      }
  }

  /// `("a", "collapsed@1x.png")` for `a/collapsed@1x.png`; nil for any other form (more or
  /// fewer parts, an empty part, `.` or `..`).
  static func itemAndFile(_ path: String) -> (item: String, file: String)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, isPlainName(parts[0]), isPlainName(parts[1]) else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  /// A name of one file or folder: not empty, not `.` or `..`, no `/` or NUL.
  static func isPlainName(_ name: some StringProtocol) -> Bool {
    // Over the UTF-8 bytes: Foundation's `contains` took a sixth of an unchanged run.
    !name.isEmpty && name != "." && name != ".."
      && !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
  }
}
