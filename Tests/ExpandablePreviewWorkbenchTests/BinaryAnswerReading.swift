import Foundation
import Testing

/// Reads a binary answer as the playground page does: the 4-byte big-endian header length, the
/// JSON header, then each `{offset, length}` part's bytes from the payload after it.
struct BinaryAnswerReading {
  let header: [String: Any]
  let payload: Data

  init(_ message: Data) throws {
    let bytes = [UInt8](message)
    try #require(bytes.count >= 4)
    let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
    try #require(4 + length <= bytes.count)
    header = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes[4..<(4 + length)])) as? [String: Any])
    payload = Data(bytes[(4 + length)...])
  }

  /// The bytes a part of the header names (`{"offset": O, "length": L}`).
  func bytes(of part: Any?) throws -> Data {
    let fields = try #require(part as? [String: Any])
    let offset = try #require(fields["offset"] as? Int)
    let length = try #require(fields["length"] as? Int)
    try #require(offset >= 0 && length >= 0 && offset + length <= payload.count)
    return payload.subdata(in: offset..<(offset + length))
  }
}
