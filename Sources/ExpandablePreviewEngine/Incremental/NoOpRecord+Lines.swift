import ExpandablePreviewSupport
import Foundation

// The no-op record's lines, one fact each, a path always last (it may hold spaces):
//   digest HEX
//   summary ITEMS FILES GALLERY(0|1)
//   gallery-inputs HEX                            (when the run wrote the gallery)
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
    lines.reserveCapacity(3 + paths.count)
    if let galleryInputs {
      guard !galleryInputs.contains(where: \.isNewline) else { return nil }
      lines.append("gallery-inputs \(galleryInputs)")
    }
    for path in removed { lines.append("removed \(path)") }
    // Made as bytes: interpolating 7,500 lines of five numbers each cost as much as the rest
    // of a one-edit run's bookkeeping.
    var line: [UInt8] = []
    func append(_ word: String, _ stamp: FileStamp?, _ path: String) {
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: word.utf8)
      if let stamp {
        line.append(UInt8(ascii: " "))
        Self.appendDigits(of: stamp.device, to: &line)
        line.append(UInt8(ascii: " "))
        Self.appendDigits(of: stamp.inode, to: &line)
        for number in [stamp.size, stamp.modified, stamp.changed] {
          line.append(UInt8(ascii: " "))
          if number < 0 { line.append(UInt8(ascii: "-")) }
          Self.appendDigits(of: number.magnitude, to: &line)
        }
      } else {
        line.append(contentsOf: " -".utf8)
      }
      line.append(UInt8(ascii: " "))
      line.append(contentsOf: path.utf8)
      lines.append(String(decoding: line, as: UTF8.self))
    }
    for (path, stamp) in inputs.sorted(by: { $0.key < $1.key }) { append("input", stamp, path) }
    for (path, stamp) in outputs.sorted(by: { $0.key < $1.key }) { append("output", stamp, path) }
    return lines
  }

  /// The decimal digits of `value`, as ``number(_:)`` reads them back.
  private static func appendDigits(of value: UInt64, to bytes: inout [UInt8]) {
    let start = bytes.count
    var rest = value
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }

  /// The record of `lines` (as ``lines`` writes them); nil when one is not of that form.
  init?(lines: [ArraySlice<UInt8>]) {
    self.init(digest: "", items: 0, files: 0, gallery: false)
    var seen = (digest: false, summary: false)
    for line in lines {
      guard let (word, rest) = Self.word(line) else { return nil }
      switch word {
      case .digest:
        digest = String(decoding: rest, as: UTF8.self)
        seen.digest = true
      case .summary:
        guard let summary = Self.summary(rest) else { return nil }
        (items, files, gallery) = summary
        seen.summary = true
      case .galleryInputs: galleryInputs = String(decoding: rest, as: UTF8.self)
      case .removed: removed.append(String(decoding: rest, as: UTF8.self))
      case .input:
        guard let (stamp, path) = Self.stamp(rest, absentAllowed: true) else { return nil }
        inputs[String(decoding: path, as: UTF8.self)] = .some(stamp)
      case .output:
        guard let (stamp, path) = Self.stamp(rest, absentAllowed: false), let stamp else {
          return nil
        }
        outputs[String(decoding: path, as: UTF8.self)] = stamp
      }
    }
    guard seen.digest, seen.summary else { return nil }
  }

  /// The record's summary when `lines` are current for a run with `digest` into `folder`
  /// (``isCurrent(digest:in:)``), checked line by line as read: no path becomes a string and
  /// nothing is kept, as a run with nothing to do reads thousands. Nil when not current or
  /// not of the form ``lines`` writes.
  static func currentSummary(lines: [ArraySlice<UInt8>], digest: String, in folder: FolderHandle)
    -> NoOpRecord?
  {
    var record = NoOpRecord(digest: "", items: 0, files: 0, gallery: false)
    var seen = (digest: false, summary: false)
    var path: [CChar] = []
    for line in lines {
      guard let (word, rest) = word(line) else { return nil }
      switch word {
      case .digest:
        guard rest.elementsEqual(digest.utf8) else { return nil }
        record.digest = digest
        seen.digest = true
      case .summary:
        guard let summary = summary(rest) else { return nil }
        (record.items, record.files, record.gallery) = summary
        seen.summary = true
      case .galleryInputs: record.galleryInputs = String(decoding: rest, as: UTF8.self)
      case .removed: record.removed.append(String(decoding: rest, as: UTF8.self))
      case .input, .output:
        guard let (recorded, name) = stamp(rest, absentAllowed: word == .input) else {
          return nil
        }
        path.removeAll(keepingCapacity: true)
        path.append(contentsOf: name.lazy.map { CChar(bitPattern: $0) })
        path.append(0)
        let found: FileStamp?
        if word == .input {
          var status = stat()
          found = stat(path, &status) == 0 ? FileStamp(status) : nil
        } else {
          found = folder.stamp(ofFileAt: path)
        }
        guard found == recorded else { return nil }
      }
    }
    return seen.digest && seen.summary ? record : nil
  }

  private enum Word: String {
    case digest, summary, removed, input, output
    case galleryInputs = "gallery-inputs"
  }

  /// The line's first word and what follows its space.
  private static func word(_ line: ArraySlice<UInt8>) -> (Word, ArraySlice<UInt8>)? {
    guard let space = line.firstIndex(of: UInt8(ascii: " ")),
      let word = Word(rawValue: String(decoding: line[..<space], as: UTF8.self))
    else { return nil }
    return (word, line[(space + 1)...])
  }

  private static func summary(_ text: ArraySlice<UInt8>) -> (Int, Int, Bool)? {
    let parts = text.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, let items = number(parts[0]).map(Int.init),
      let files = number(parts[1]).map(Int.init), let gallery = number(parts[2]), gallery <= 1
    else { return nil }
    return (items, files, gallery == 1)
  }

  /// The stamp's five numbers (or `-`, when `absentAllowed`, for none) and the path after them.
  private static func stamp(_ text: ArraySlice<UInt8>, absentAllowed: Bool) -> (
    FileStamp?, ArraySlice<UInt8>
  )? {
    if absentAllowed, text.starts(with: [UInt8(ascii: "-"), UInt8(ascii: " ")]) {
      let path = text.dropFirst(2)
      return path.isEmpty ? nil : (nil, path)
    }
    let parts = text.split(
      separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: false)
    guard parts.count == 6, let device = number(parts[0]), let inode = number(parts[1]),
      let size = signed(parts[2]), let modified = signed(parts[3]), let changed = signed(parts[4]),
      !parts[5].isEmpty
    else { return nil }
    return (
      FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed),
      parts[5]
    )
  }

  /// A decimal number (no sign) read from its bytes; nil past `UInt64.max`.
  private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
    guard !digits.isEmpty else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, over) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !over, !carry else { return nil }
      value = sum
    }
    return value
  }

  private static func signed(_ text: ArraySlice<UInt8>) -> Int64? {
    let negative = text.first == UInt8(ascii: "-")
    guard let magnitude = number(negative ? text.dropFirst() : text),
      magnitude <= UInt64(Int64.max)
    else { return nil }
    return negative ? -Int64(magnitude) : Int64(magnitude)
  }
}
