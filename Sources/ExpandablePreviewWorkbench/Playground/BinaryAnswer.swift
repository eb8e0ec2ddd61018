import Foundation

/// A message for a playground page: JSON text, or one binary answer (``BinaryAnswer``).
enum SocketMessage: Sendable {
  case text(String)
  case binary(Data)
}

/// Where one file's bytes lie in a binary answer's payload: the JSON header names each image
/// by this instead of carrying it as base64.
struct BinaryPart: Encodable, Equatable {
  /// Bytes from the start of the payload (the byte after the header).
  var offset: Int
  var length: Int
}

/// The payload of one binary answer: files appended one after the other, each named by the
/// ``BinaryPart`` that `append` returns.
struct BinaryPayload {
  private(set) var bytes = Data()

  mutating func append(_ file: Data) -> BinaryPart {
    let part = BinaryPart(offset: bytes.count, length: file.count)
    bytes.append(file)
    return part
  }
}

/// One binary WebSocket message (Documentation/Workbench.md, "The playground's socket"):
/// a 4-byte big-endian length N, N bytes of UTF-8 JSON (the header: what the message is, with
/// a ``BinaryPart`` for each file), then the payload. One message, not a header followed by
/// frames: nothing can come between a header and its bytes, and the page needs no state to
/// pair them.
enum BinaryAnswer {
  static func message(header: some Encodable, payload: BinaryPayload) -> SocketMessage {
    let json = Data(MessageJSON.text(header).utf8)
    var message = Data(capacity: 4 + json.count + payload.bytes.count)
    withUnsafeBytes(of: UInt32(json.count).bigEndian) { message.append(contentsOf: $0) }
    message.append(json)
    message.append(payload.bytes)
    return .binary(message)
  }
}
