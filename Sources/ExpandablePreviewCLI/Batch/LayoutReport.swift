import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// `OUT/<name>/layout.json`: the layout decisions of every file rendered for one item.
struct LayoutReport: Encodable {
  /// One rendered file. Optional rectangles encode as `null`, not as a missing key.
  struct Entry: Encodable {
    var file: String
    var state: ExpansionState
    var variant: Variant
    var layout: LayoutResult

    enum CodingKeys: String, CodingKey {
      case file, state, variant, truncated, visibleText, lines, size, pixelSize, label, fade
      case labelFits, layouts
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(state, forKey: .state)
      try container.encode(variant, forKey: .variant)
      try container.encode(layout.truncated, forKey: .truncated)
      try container.encode(layout.visibleText, forKey: .visibleText)
      try container.encode(layout.lines, forKey: .lines)
      try container.encode(layout.size, forKey: .size)
      try container.encode(layout.pixelSize, forKey: .pixelSize)
      try container.encode(layout.label, forKey: .label)
      try container.encode(layout.fade, forKey: .fade)
      try container.encode(layout.labelFits, forKey: .labelFits)
      try container.encode(layout.layouts, forKey: .layouts)
    }
  }

  var name: String
  /// `pinned` (the standard set and the manifest's own files) or `system`.
  var fonts: String
  /// True with system fonts: the same manifest gives other images on another machine.
  var machineDependent: Bool
  var renders: [Entry]

  init(name: String, fontSet: FontSet, renders: [Entry]) {
    self.name = name
    fonts = fontSet.isMachineDependent ? "system" : "pinned"
    machineDependent = fontSet.isMachineDependent
    self.renders = renders
  }

  /// Pretty-printed JSON with sorted keys, so equal layouts give equal bytes.
  func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
