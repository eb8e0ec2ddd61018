import Foundation

/// A ZIP archive whose files are stored, not compressed (PNG and PDF are compressed already):
/// each file's local header and bytes, then the central directory. Names are UTF-8 (flag bit
/// 11); every time stamp is 1980-01-01 00:00, so the same files give the same bytes. No ZIP64:
/// fewer than 65 535 files and 4 GiB in all, far above what the playground writes.
struct StoredZip {
  private var archive = Data()
  private var directory = Data()
  private var count = 0

  /// Adds `bytes` as the file `name` (a path with `/` between folders).
  mutating func add(_ name: String, _ bytes: Data) {
    let nameBytes = Data(name.utf8)
    let crc = CRC32.checksum(bytes)
    let offset = UInt32(archive.count)
    // The fields both headers share, from "version needed" to the name's length.
    var common = Data()
    common.append(le16: 10)  // version needed: stored files only
    common.append(le16: 0x0800)  // the name is UTF-8
    common.append(le16: 0)  // method: stored
    common.append(le16: 0)  // time 00:00:00
    common.append(le16: 0x21)  // date 1980-01-01
    common.append(le32: crc)
    common.append(le32: UInt32(bytes.count))  // compressed size
    common.append(le32: UInt32(bytes.count))
    common.append(le16: UInt16(nameBytes.count))
    archive.append(le32: 0x0403_4b50)
    archive.append(common)
    archive.append(le16: 0)  // extra field length
    archive.append(nameBytes)
    archive.append(bytes)
    directory.append(le32: 0x0201_4b50)
    directory.append(le16: 20)  // version made by: 2.0, MS-DOS attributes
    directory.append(common)
    directory.append(le16: 0)  // extra field length
    directory.append(le16: 0)  // comment length
    directory.append(le16: 0)  // disk number
    directory.append(le16: 0)  // internal attributes
    directory.append(le32: 0)  // external attributes
    directory.append(le32: offset)
    directory.append(nameBytes)
    count += 1
  }

  /// The archive: the files, the central directory and its end record.
  var data: Data {
    var data = archive
    data.append(directory)
    data.append(le32: 0x0605_4b50)
    data.append(le16: 0)  // this disk
    data.append(le16: 0)  // the directory's disk
    data.append(le16: UInt16(count))
    data.append(le16: UInt16(count))
    data.append(le32: UInt32(directory.count))
    data.append(le32: UInt32(archive.count))
    data.append(le16: 0)  // comment length
    return data
  }
}

/// CRC-32 as ZIP (and PNG) use it: polynomial 0xEDB88320, reflected, starting from all ones.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func checksum(_ bytes: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}

extension Data {
  fileprivate mutating func append(le16 value: UInt16) {
    append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
  }

  fileprivate mutating func append(le32 value: UInt32) {
    append(contentsOf: (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) })
  }
}
