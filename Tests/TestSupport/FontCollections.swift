import Foundation

/// A font collection (`ttcf`) whose header lists the one face of `ttf` `count` times: a
/// collection of a few hundred kilobytes that declares any number of faces.
package func collectionRepeatingFace(of ttf: Data, count: Int) -> Data {
  let header = 12 + 4 * count
  func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
  var data = Data("ttcf".utf8) + bigEndian(0x0001_0000) + bigEndian(UInt32(count))
  for _ in 0..<count { data += bigEndian(UInt32(header)) }
  // The face's table records hold offsets from the file's start: shift them past the header.
  var face = [UInt8](ttf)
  let tables = Int(face[4]) << 8 | Int(face[5])
  for table in 0..<tables {
    let at = 12 + 16 * table + 8
    let offset = face[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    face.replaceSubrange(at..<(at + 4), with: bigEndian(offset + UInt32(header)))
  }
  return data + face
}
