/// `--shard K/N`: this process renders the K-th of N deterministic parts of the work.
struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1-based, as written on the command line.
  var index: Int
  var count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N.
  init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  var description: String { "\(index)/\(count)" }

  /// The positions (ascending) of the items this shard renders, given each item's file count.
  ///
  /// Whole items go to one shard, so each `layout.json` is written by the shard that renders its
  /// files. Items are dealt largest first to the shard with the fewest files so far (lowest shard
  /// on ties): the same manifest always splits the same way, and every item lands in exactly one
  /// shard.
  func itemIndices(fileCounts: [Int]) -> [Int] {
    let order = fileCounts.indices.sorted {
      fileCounts[$0] > fileCounts[$1] || (fileCounts[$0] == fileCounts[$1] && $0 < $1)
    }
    var load = [Int](repeating: 0, count: count)
    var mine: [Int] = []
    for item in order {
      let target = load.indices.min { load[$0] < load[$1] || (load[$0] == load[$1] && $0 < $1) }!
      load[target] += fileCounts[item]
      if target == index - 1 { mine.append(item) }
    }
    return mine.sorted()
  }
}
