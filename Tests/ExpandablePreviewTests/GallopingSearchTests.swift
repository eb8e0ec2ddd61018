import Testing

@testable import ExpandablePreview

/// The ellipsis cut's search on every monotone outcome of up to 130 candidates, from every start.
@Suite struct GallopingSearchTests {
  @Test func findsTheFirstFittingIndexWithinItsProbeBound() {
    var worst: [Int: Int] = [:]
    for count in 1...130 {
      for start in 0..<count {
        for answer in 0...count {
          var search = GallopingSearch(count: count, start: start)
          var probed = Set<Int>()
          while let index = search.next {
            #expect(probed.insert(index).inserted, "probed \(index) twice")
            search.record(fits: index >= answer)
          }
          #expect(search.fitting == answer, "count \(count), start \(start)")
          let distance = answer <= start ? start - answer : answer - start - 1
          worst[distance] = max(worst[distance] ?? 0, search.probes)
        }
      }
    }
    for (distance, probes) in worst {
      // 2 + 2⌊log₂(d + 1)⌋, and it is reached: the bound the README states is the real one.
      let bound = 2 + 2 * (Int.bitWidth - 1 - (distance + 1).leadingZeroBitCount)
      #expect(probes <= bound, "distance \(distance): \(probes) probes")
    }
    #expect(worst[0] == 2)
    #expect(worst[1] == 4)
    #expect(worst[100] == 2 + 2 * 6)
  }

  @Test func nothingFitsEndsOnCount() {
    var search = GallopingSearch(count: 5, start: 2)
    while search.next != nil { search.record(fits: false) }
    #expect(search.fitting == 5)
    #expect(search.probes == 3)
  }
}
