@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewCLI

extension SplitMix64: RandomNumberGenerator {}

/// `--shard K/N`, in process: parsing, and that every item lands in exactly one shard.
@Suite struct ShardTests {
  @Test(arguments: ["1/1", "2/3", "7/7"])
  func parsesValidShards(text: String) {
    #expect(Shard(parsing: text)?.description == text)
  }

  @Test(arguments: ["0/3", "4/3", "1/0", "1", "1/2/3", "a/b", "-1/2", "/2", "1/"])
  func rejectsInvalidShards(text: String) {
    #expect(Shard(parsing: text) == nil)
  }

  @Test func everyItemLandsInExactlyOneShardAndLoadsStayBalanced() throws {
    var random = SplitMix64(seed: 16)
    for _ in 0..<200 {
      let counts = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Int.random(in: 1...12, using: &random)
      }
      let shardCount = Int.random(in: 1...9, using: &random)
      var seen: [Int] = []
      var loads: [Int] = []
      for index in 1...shardCount {
        let mine = try #require(Shard(parsing: "\(index)/\(shardCount)")).itemIndices(
          fileCounts: counts)
        #expect(mine == mine.sorted())
        seen += mine
        loads.append(mine.map { counts[$0] }.reduce(0, +))
      }
      #expect(seen.sorted() == Array(counts.indices))
      // Greedy largest-first: no shard exceeds another by more than the largest item.
      if let largest = counts.max(), let high = loads.max(), let low = loads.min() {
        #expect(high - low <= largest)
      }
    }
  }

  @Test func theSameManifestAlwaysSplitsTheSameWay() throws {
    let counts = [4, 4, 2, 8, 1, 1, 6]
    let shard = try #require(Shard(parsing: "2/3"))
    #expect(shard.itemIndices(fileCounts: counts) == shard.itemIndices(fileCounts: counts))
    #expect(shard.itemIndices(fileCounts: counts) == [2, 5, 6])
  }
}
