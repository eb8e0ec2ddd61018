import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

@Suite struct StoredZipTests {
  @Test func crc32OfTheStandardCheckStringIsItsPublishedValue() {
    // The check value every CRC-32 (ISO-HDLC) catalogue lists for "123456789".
    #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Data()) == 0)
  }

  @Test func theArchiveListsEachFileWhereItsLocalHeaderIs() {
    var zip = StoredZip()
    zip.add("light/a.txt", Data("one".utf8))
    zip.add("dark/ü.txt", Data("two".utf8))
    let data = [UInt8](zip.data)
    func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(data[at + $1]) << (8 * $1) } }
    func le16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
    let end = data.count - 22
    #expect(le32(end) == 0x0605_4b50)
    #expect(le16(end + 10) == 2)
    // The second directory entry points at the second local header, which names its file.
    let directory = le32(end + 16)
    let firstName = le16(directory + 28)
    let second = directory + 46 + firstName
    #expect(le32(second) == 0x0201_4b50)
    let local = le32(second + 42)
    #expect(le32(local) == 0x0403_4b50)
    let nameLength = le16(local + 26)
    #expect(
      String(decoding: data[(local + 30)..<(local + 30 + nameLength)], as: UTF8.self)
        == "dark/ü.txt")
    #expect(
      String(decoding: data[(local + 30 + nameLength)..<(local + 33 + nameLength)], as: UTF8.self)
        == "two")
  }

  @Test func theSameFilesGiveTheSameBytes() {
    func archive() -> Data {
      var zip = StoredZip()
      zip.add("item.json", Data("{}".utf8))
      return zip.data
    }
    #expect(archive() == archive())
  }
}
