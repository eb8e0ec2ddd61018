@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewEngine

/// Error positions through the checkpoint index against the plain scan from the file's start
/// on random UTF-8 with many and with no line breaks.
@Suite struct LineIndexTests {
  @Test func indexedPositionsMatchTheFullScan() {
    var generator = SplitMix64(seed: 8)
    let pieces: [[UInt8]] = [[0x0A], [0x61], Array("é".utf8), Array("日".utf8), Array("😀".utf8)]
    for round in 0..<40 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 0...(3 * LineIndex.stride), using: &generator)
      while bytes.count < length {
        // Every other file has no line breaks: one long line.
        let piece = pieces[Int.random(in: (round % 2)..<pieces.count, using: &generator)]
        bytes += piece
      }
      let index = LineIndex(bytes)
      for _ in 0..<50 {
        let offset = Int.random(in: 0...bytes.count + 2, using: &generator)
        #expect(index.position(of: offset, in: bytes) == SourcePosition(offset: offset, in: bytes))
      }
    }
  }
}
