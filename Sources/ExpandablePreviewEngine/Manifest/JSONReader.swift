/// A malformed JSON text, with the line and column where reading stopped.
package struct JSONSyntaxError: Error, Sendable {
  var offset: Int
  var message: String
}

/// A small JSON reader (RFC 8259) that keeps each value's line and column. Foundation's
/// `JSONSerialization` does not report reliable positions on Linux, and manifest errors need them.
package struct JSONReader {
  // Internal, not private: the string reading (JSONReader+Strings.swift) moves through them.
  let bytes: [UInt8]
  var index = 0
  private var depth = 0
  private var values = 0

  /// Nesting deeper than this is rejected instead of exhausting the stack.
  static let maxDepth = 512
  /// More values than this are rejected: each parsed value costs about 60 bytes, so a 52 MB
  /// manifest of 25 million numbers peaked at 1.42 GB. Four million is four values for each
  /// of a million items.
  static let maxValues = 4_000_000

  /// Parses one JSON document from UTF-8 bytes (a leading byte-order mark is skipped).
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var reader = JSONReader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    let node = try reader.readValue()
    reader.skipWhitespace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
    }
    return node
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Positions

  func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, message: message)
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  // MARK: Values

  private mutating func readValue() throws(JSONSyntaxError) -> JSONNode {
    let start = index
    guard index < bytes.count else { throw error("expected a value, found end of file") }
    values += 1
    guard values <= Self.maxValues else {
      throw error(
        "more than \(Self.maxValues) values (numbers, strings, arrays, …) in one document")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONNode(value: try readObject(), offset: start)
    case UInt8(ascii: "["): return JSONNode(value: try readArray(), offset: start)
    case UInt8(ascii: "\""): return JSONNode(value: .string(try readString()), offset: start)
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return JSONNode(value: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return JSONNode(value: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return JSONNode(value: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(value: try readNumber(), offset: start)
    default:
      throw error("expected a value, found \(describeCurrent())")
    }
  }

  private mutating func readLiteral(_ word: String) throws(JSONSyntaxError) {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw error("invalid literal; expected '\(word)'")
      }
      index += 1
    }
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
  }

  private mutating func readObject() throws(JSONSyntaxError) -> JSONNode.Value {
    try enterContainer()
    index += 1  // {
    var members: [JSONNode.Member] = []
    var seen: Set<String> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      let keyOffset = index
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes, found \(describeCurrent())")
      }
      let key = try readString()
      guard seen.insert(key).inserted else {
        throw JSONSyntaxError(offset: keyOffset, message: "duplicate key '\(key)'")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after key '\(key)', found \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      let value = try readValue()
      members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else {
        throw error("expected ',' or '}' in object, found \(describeCurrent())")
      }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func readArray() throws(JSONSyntaxError) -> JSONNode.Value {
    try enterContainer()
    index += 1  // [
    var elements: [JSONNode] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try readValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else {
        throw error("expected ',' or ']' in array, found \(describeCurrent())")
      }
      index += 1
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func readNumber() throws(JSONSyntaxError) -> JSONNode.Value {
    let start = index
    func digits(_ reader: inout JSONReader) -> Int {
      let first = reader.index
      while reader.index < reader.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
      {
        reader.index += 1
      }
      return reader.index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw error("invalid number: expected a digit") }
    guard !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
      throw JSONSyntaxError(
        offset: integerStart, message: "invalid number: leading zero")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("invalid number: expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw error("invalid number: expected an exponent") }
    }
    let spelling = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(spelling), number.isFinite else {
      throw JSONSyntaxError(offset: start, message: "number \(spelling) is out of range")
    }
    return .number(number, spelling)
  }
}
