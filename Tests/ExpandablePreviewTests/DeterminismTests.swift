import Dispatch
import ExpandablePreview
import Foundation
import TestSupport
import Testing

/// The same input gives the same bytes, run after run and thread after thread.
@Suite struct DeterminismTests {
  static let components: [ExpandableText] = [
    ExpandableText(text: TestTexts.developer),
    ExpandableText(text: TestTexts.japanese).truncationStyle(.ellipsis),
    ExpandableText(text: TestTexts.arabic + " 🎉 " + TestTexts.arabic).lineLimit(2),
  ]

  @Test func repeatedRendersGiveIdenticalPNGBytes() throws {
    for component in Self.components {
      let first = try render(component).image!.pngData()
      let second = try render(component).image!.pngData()
      #expect(first == second)
    }
  }

  @Test func rendersOnManyThreadsGiveIdenticalPNGBytes() throws {
    let expected = try Self.components.map { try render($0).image!.pngData() }
    let results = ResultBox(count: 8 * Self.components.count)
    DispatchQueue.concurrentPerform(iterations: 8 * Self.components.count) { index in
      let component = Self.components[index % Self.components.count]
      results.set(
        index,
        try? Renderer().render(component, options: RenderOptions(width: 327))
          .image!.pngData())
    }
    for index in 0..<results.count {
      #expect(results.get(index) == expected[index % Self.components.count])
    }
  }

  @Test func pngHasNoTimeOrTextChunks() throws {
    let png = try render(ExpandableText(text: "Hello")).image!.pngData()
    var offset = 8
    var chunkTypes: [String] = []
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      chunkTypes.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    #expect(chunkTypes == ["IHDR", "IDAT", "IEND"])
  }

  @Test func encodedPNGDecodesToTheSamePixels() throws {
    let image = try render(ExpandableText(text: TestTexts.developer)).image!
    let decoded = try Image(pngData: image.pngData())
    #expect(decoded == image)
    var transparent = RenderOptions(width: 200)
    transparent.background = .clear
    let clear = try render(ExpandableText(text: "Alpha"), transparent).image!
    #expect(!clear.isOpaque)
    #expect(try Image(pngData: clear.pngData()) == clear)
  }
}

/// A fixed-size array that threads write disjoint slots of.
final class ResultBox: @unchecked Sendable {
  private var values: [Data?]
  private let lock = NSLock()
  init(count: Int) { values = Array(repeating: nil, count: count) }
  var count: Int { values.count }
  func set(_ index: Int, _ value: Data?) { lock.withLock { values[index] = value } }
  func get(_ index: Int) -> Data? { lock.withLock { values[index] } }
}
