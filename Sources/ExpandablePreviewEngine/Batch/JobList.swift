/// The jobs of some items of a plan, in item order, made on demand from the item and the
/// job's position: a plan holds a few numbers per item, never one value per file.
package struct JobList: RandomAccessCollection, Sendable {
  private let items: [ManifestItem]
  /// Positions in `items` of the items listed.
  private let itemIndices: [Int]
  /// Where each listed item's jobs start; one more entry, the total.
  private let starts: [Int]
  /// The positions (of all the items' jobs) this list holds, when it holds only some.
  private var picked: [Int]? = nil

  init(items: [ManifestItem], itemIndices: [Int]) {
    self.items = items
    self.itemIndices = itemIndices
    var starts = [0]
    for index in itemIndices { starts.append(starts.last! + items[index].renderCount) }
    self.starts = starts
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { picked?.count ?? starts.last! }

  /// The jobs at `positions` of this list, in that order (the workbench re-checks one golden).
  func picking(_ positions: [Int]) -> JobList {
    var list = self
    list.picked = positions.map { picked?[$0] ?? $0 }
    return list
  }

  package subscript(position: Int) -> RenderJob {
    precondition(indices.contains(position), "job \(position) of \(count)")
    let position = picked?[position] ?? position
    // The last item whose jobs start at or before `position`.
    var low = 0
    var high = itemIndices.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    let itemIndex = itemIndices[low]
    return RenderJob.job(for: items[itemIndex], itemIndex: itemIndex, at: position - starts[low])
  }
}
