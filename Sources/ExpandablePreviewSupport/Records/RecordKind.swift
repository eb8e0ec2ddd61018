import Foundation

/// What marks a kind of record file and how it is versioned: the one description the reader
/// (``RecordFile/read(_:as:at:naming:validate:)``) and the writer share, so every record the
/// tool keeps or hands over is checked, refused and worded the same way.
package struct RecordKind: Sendable {
  /// How a record's JSON is laid out when written.
  package enum Layout: Sendable {
    /// One line, keys sorted: records only the tool reads.
    case compact
    /// ``StableJSON``: pretty, keys sorted, a final newline, for files people read and diff.
    case stable
  }

  /// The file's name in its folder.
  package var fileName: String
  /// What messages call a record of this kind: "fingerprint", "report blob".
  package var title: String
  /// The key whose string value marks the file as this kind (`generator`, `format`), and that
  /// value; nil for a kind that has no mark (its shape alone says what it is).
  package var mark: (key: String, value: String)?
  /// The version this build writes.
  package var currentVersion: Int
  /// The oldest version this build still reads.
  package var oldestReadable: Int
  /// The version a file without a `version` key is: the kinds whose first version had none
  /// keep writing it without one until they change; nil when the key is required.
  package var unversioned: Int?
  /// The most bytes the file is read to: a larger one is refused before a byte is read.
  package var maxBytes: Int
  package var layout: Layout

  package init(
    fileName: String, title: String, mark: (key: String, value: String)? = nil,
    currentVersion: Int, oldestReadable: Int? = nil, unversioned: Int? = nil, maxBytes: Int,
    layout: Layout
  ) {
    self.fileName = fileName
    self.title = title
    self.mark = mark
    self.currentVersion = currentVersion
    self.oldestReadable = oldestReadable ?? currentVersion
    self.unversioned = unversioned
    self.maxBytes = maxBytes
    self.layout = layout
  }

  /// The record's bytes as this kind writes them.
  package func encoded(_ record: some Encodable) throws -> Data {
    switch layout {
    case .stable: return try StableJSON.data(record)
    case .compact:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return try encoder.encode(record)
    }
  }
}
