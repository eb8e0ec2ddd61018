@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewEngine

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

  /// The obvious greedy deal: a load for every one of the `count` shards, a linear search for
  /// the least loaded. Only for small counts.
  private static func referenceDeal(_ counts: [Int], shard: Int, of count: Int) -> [Int] {
    let order = counts.indices.sorted {
      counts[$0] > counts[$1] || (counts[$0] == counts[$1] && $0 < $1)
    }
    var load = [Int](repeating: 0, count: count)
    var mine: [Int] = []
    for item in order {
      let target = load.indices.min { load[$0] < load[$1] || (load[$0] == load[$1] && $0 < $1) }!
      load[target] += counts[item]
      if target == shard - 1 { mine.append(item) }
    }
    return mine.sorted()
  }

  @Test func theHeapDealsExactlyAsTheLinearGreedyReference() throws {
    var random = SplitMix64(seed: 77)
    for _ in 0..<300 {
      let counts = (0..<Int.random(in: 0...30, using: &random)).map { _ in
        Int.random(in: 0...9, using: &random)
      }
      let shardCount = Int.random(in: 1...45, using: &random)
      for index in 1...shardCount {
        let shard = try #require(Shard(parsing: "\(index)/\(shardCount)"))
        #expect(
          shard.itemIndices(fileCounts: counts)
            == Self.referenceDeal(counts, shard: index, of: shardCount))
      }
    }
  }

  /// A shard count near `Int.max` once crashed allocating a load per shard; the bookkeeping is
  /// now over the items alone.
  @Test func aHugeShardCountNeedsNoMemoryPerShard() throws {
    let counts = [3, 1, 2]
    let first = try #require(Shard(parsing: "1/9223372036854775807"))
    #expect(first.itemIndices(fileCounts: counts) == [0])
    let third = try #require(Shard(parsing: "3/9223372036854775807"))
    #expect(third.itemIndices(fileCounts: counts) == [1])
    let last = try #require(Shard(parsing: "9223372036854775807/9223372036854775807"))
    #expect(last.itemIndices(fileCounts: counts) == [])
  }
}
