import ExpandablePreview
import TestSupport
import Testing

/// Device presets: each gives the content width Documentation/Component.md lists.
@Suite struct DeviceTests {
  /// Name, portrait width and content width, as the table in Component.md.
  static let table: [(String, Double, Double)] = [
    ("iPhone SE", 375, 343), ("iPhone 16e", 390, 358), ("iPhone 16", 393, 361),
    ("iPhone 16 Pro", 402, 370), ("iPhone 16 Plus", 430, 390), ("iPhone 16 Pro Max", 440, 400),
    ("iPad mini", 744, 672), ("iPad", 820, 672), ("iPad Air 11-inch", 820, 672),
    ("iPad Pro 11-inch", 834, 672), ("iPad Air 13-inch", 1024, 672),
    ("iPad Pro 13-inch", 1032, 672),
  ]

  @Test func theTableListsEveryDevice() {
    #expect(Device.all.map(\.name) == Self.table.map(\.0))
  }

  /// Each device's pixels per point, as Component.md lists them: 3 from iPhone 16e up, 2 on
  /// iPhone SE and every iPad.
  @Test func eachDeviceHasItsScale() {
    let scales = Dictionary(uniqueKeysWithValues: Device.all.map { ($0.name, $0.scale) })
    #expect(
      scales == [
        "iPhone SE": 2, "iPhone 16e": 3, "iPhone 16": 3, "iPhone 16 Pro": 3, "iPhone 16 Plus": 3,
        "iPhone 16 Pro Max": 3, "iPad mini": 2, "iPad": 2, "iPad Air 11-inch": 2,
        "iPad Pro 11-inch": 2, "iPad Air 13-inch": 2, "iPad Pro 13-inch": 2,
      ])
  }

  /// The device's render wraps the text at the documented content width, centred between its
  /// margins, in an image as wide as the screen.
  @Test(arguments: 0..<12)
  func eachDeviceGivesTheDocumentedContentWidth(index: Int) throws {
    let (name, width, content) = Self.table[index]
    let device = try #require(Device.named(name))
    #expect(device.width == width)
    #expect(device.contentWidth == content)
    let layout = try Renderer().layout(
      of: ExpandableText(text: TestTexts.developer), options: RenderOptions(device: device))
    #expect(layout.size.width == width)
    #expect(layout.textFrame.width == content)
    #expect(layout.textFrame.x == (width - content) / 2)
  }

  @Test func anExplicitWidthAfterTheDeviceWins() {
    var options = RenderOptions(device: Device.named("iPhone 16")!)
    options.width = 320
    #expect(options.width == 320)
    #expect(options.padding.leading == 16)
  }
}
