/// `--shard K/N`: this process renders the K-th of N deterministic parts of the work.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1-based, as written on the command line.
  package var index: Int
  package var count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N.
  package init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  package var description: String { "\(index)/\(count)" }

  /// The positions (ascending) of the items this shard renders, given each item's file count.
  ///
  /// Whole items go to one shard, so each `layout.json` is written by the shard that renders its
  /// files. Items are dealt largest first to the shard with the fewest files so far (lowest shard
  /// on ties): the same manifest always splits the same way, and every item lands in exactly one
  /// shard.
  ///
  /// Only `min(count, items)` shards can receive an item (each empty shard takes one before any
  /// takes a second), so the bookkeeping is over those alone: memory and time do not grow with
  /// `count`, and a shard past the item count renders nothing. The least loaded shard comes
  /// from a binary heap ordered by (load, shard).
  func itemIndices(fileCounts: [Int]) -> [Int] {
    let order = fileCounts.indices.sorted {
      fileCounts[$0] > fileCounts[$1] || (fileCounts[$0] == fileCounts[$1] && $0 < $1)
    }
    let used = min(count, fileCounts.count)
    guard index <= used else { return [] }
    var heap = ShardHeap(count: used)
    var mine: [Int] = []
    for item in order {
      let target = heap.takeLeastLoaded(adding: fileCounts[item])
      if target == index - 1 { mine.append(item) }
    }
    return mine.sorted()
  }
}

/// Shards ordered by (files so far, shard number), least first; starts with every load at 0.
private struct ShardHeap {
  private var entries: [(load: Int, shard: Int)]

  init(count: Int) { entries = (0..<count).map { (0, $0) } }

  private func less(_ a: Int, _ b: Int) -> Bool {
    entries[a].load < entries[b].load
      || (entries[a].load == entries[b].load && entries[a].shard < entries[b].shard)
  }

  /// The least loaded shard (lowest number on ties), after adding `files` to its load.
  mutating func takeLeastLoaded(adding files: Int) -> Int {
    let shard = entries[0].shard
    let (sum, overflow) = entries[0].load.addingReportingOverflow(files)
    entries[0].load = overflow ? Int.max : sum
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < entries.count, less(left, smallest) { smallest = left }
      if right < entries.count, less(right, smallest) { smallest = right }
      if smallest == parent { return shard }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
