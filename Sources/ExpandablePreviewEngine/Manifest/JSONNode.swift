/// A line and column in a text file, both counted from 1 (columns in Unicode scalars).
struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
  var line: Int
  var column: Int

  var description: String { "\(line):\(column)" }

  /// The position of byte `offset` in UTF-8 `bytes`, counting from `start` (the position of
  /// byte `startOffset`).
  init(
    offset: Int, in bytes: [UInt8], from start: SourcePosition = .init(line: 1, column: 1),
    at startOffset: Int = 0
  ) {
    var line = start.line
    var column = start.column
    var cursor = startOffset
    let end = min(offset, bytes.count)
    while cursor < end {
      if bytes[cursor] == 0x0A {
        line += 1
        column = 1
      } else if bytes[cursor] & 0xC0 != 0x80 {
        column += 1
      }
      cursor += 1
    }
    self.line = line
    self.column = column
  }

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// The line and column at every ``stride``-th byte of a file, made in one pass, so each error's
/// position scans at most `stride` bytes: reporting 80,000 errors stays linear, even on one line.
struct LineIndex: Sendable {
  static let stride = 4096
  private let checkpoints: [SourcePosition]

  init(_ bytes: [UInt8]) {
    var checkpoints = [SourcePosition(line: 1, column: 1)]
    checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
    var offset = 0
    while offset + Self.stride <= bytes.count {
      checkpoints.append(
        SourcePosition(
          offset: offset + Self.stride, in: bytes, from: checkpoints.last!, at: offset))
      offset += Self.stride
    }
    self.checkpoints = checkpoints
  }

  func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
    let checkpoint = min(max(offset, 0) / Self.stride, checkpoints.count - 1)
    return SourcePosition(
      offset: offset, in: bytes, from: checkpoints[checkpoint], at: checkpoint * Self.stride)
  }
}

/// A parsed JSON value that remembers where it starts in the file, so manifest errors can point
/// at the offending value.
package struct JSONNode: Sendable {
  /// One member of an object, with the position of its key.
  package struct Member: Sendable {
    package var key: String
    /// The byte offset of the key's opening quote.
    package var keyOffset: Int
    package var value: JSONNode

    package init(key: String, keyOffset: Int, value: JSONNode) {
      self.key = key
      self.keyOffset = keyOffset
      self.value = value
    }
  }

  package enum Value: Sendable {
    case null
    case bool(Bool)
    /// The number and its spelling in the file (for messages).
    case number(Double, String)
    case string(String)
    case array([JSONNode])
    /// Members in file order; keys are unique (the reader rejects duplicates).
    case object([Member])
  }

  package var value: Value
  /// The byte offset where the value starts in the file.
  package var offset: Int

  package init(value: Value, offset: Int) {
    self.value = value
    self.offset = offset
  }

  /// The value as it would appear in the file, shortened, for messages.
  var excerpt: String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(_, let spelling): spelling
    case .string(let text):
      "\"\(Self.visible(text.count > 40 ? text.prefix(40) + "…" : text))\""
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// `text` with control characters written as `\u{…}`, so messages show them.
  private static func visible(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
