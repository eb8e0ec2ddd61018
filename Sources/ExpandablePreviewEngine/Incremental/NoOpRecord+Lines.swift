import ExpandablePreviewSupport
import Foundation

// The no-op record's lines, one fact each, a path always last (it may hold spaces):
//   digest HEX
//   summary ITEMS FILES GALLERY(0|1)
//   removed PATH
//   input - PATH                                  (absent)
//   input DEVICE INODE SIZE MODIFIED CHANGED PATH
//   output DEVICE INODE SIZE MODIFIED CHANGED PATH

extension NoOpRecord {
  /// The record as lines, inputs and outputs sorted by path; nil when a path holds a line break.
  var lines: [String]? {
    let paths = removed + inputs.keys + outputs.keys
    guard !paths.contains(where: { $0.contains("\n") || $0.contains("\r") }) else { return nil }
    var lines = ["digest \(digest)", "summary \(items) \(files) \(gallery ? 1 : 0)"]
    lines.reserveCapacity(2 + paths.count)
    for path in removed { lines.append("removed \(path)") }
    for (path, stamp) in inputs.sorted(by: { $0.key < $1.key }) {
      lines.append("input \(stamp.map(Self.fields) ?? "-") \(path)")
    }
    for (path, stamp) in outputs.sorted(by: { $0.key < $1.key }) {
      lines.append("output \(Self.fields(stamp)) \(path)")
    }
    return lines
  }

  /// The record of `lines` (as ``lines`` writes them); nil when one is not of that form.
  init?(lines: [Substring]) {
    self.init(digest: "", items: 0, files: 0, gallery: false)
    var seen = (digest: false, summary: false)
    for line in lines {
      guard let space = line.firstIndex(of: " ") else { return nil }
      let rest = line[line.index(after: space)...]
      switch line[..<space] {
      case "digest":
        digest = String(rest)
        seen.digest = true
      case "summary":
        let parts = rest.split(separator: " ")
        guard parts.count == 3, let items = Int(parts[0]), let files = Int(parts[1]),
          parts[2] == "0" || parts[2] == "1"
        else { return nil }
        (self.items, self.files, gallery) = (items, files, parts[2] == "1")
        seen.summary = true
      case "removed": removed.append(String(rest))
      case "input":
        if rest.hasPrefix("- ") {
          inputs[String(rest.dropFirst(2))] = .some(nil)
        } else {
          guard let (stamp, path) = Self.stamp(rest) else { return nil }
          inputs[path] = stamp
        }
      case "output":
        guard let (stamp, path) = Self.stamp(rest) else { return nil }
        outputs[path] = stamp
      default: return nil
      }
    }
    guard seen.digest, seen.summary else { return nil }
  }

  private static func fields(_ stamp: FileStamp) -> String {
    "\(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed)"
  }

  /// The stamp's five numbers and the path after them.
  private static func stamp(_ text: Substring) -> (FileStamp, String)? {
    let parts = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
    guard parts.count == 6, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
      let size = Int64(parts[2]), let modified = Int64(parts[3]), let changed = Int64(parts[4]),
      !parts[5].isEmpty
    else { return nil }
    return (
      FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed),
      String(parts[5])
    )
  }
}
