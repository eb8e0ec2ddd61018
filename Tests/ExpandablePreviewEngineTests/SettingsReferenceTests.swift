import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The manifest reference's tables are the declarations: each setting's row is the one its
/// declaration in ``ComponentSettings/table`` writes, in the table's order, and the variants
/// section names the axes of ``VariantAxis/all`` in their order.
@Suite struct SettingsReferenceTests {
  /// The keys the reference documents beside the settings, which no setting declares.
  static let itemOnly = ["name", "text", "textFile", "variants"]

  static func page() throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Documentation/ManifestReference.md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The rows of the page's tables whose first cell is a key: `| `style` | … |`, by key.
  static func keyRows(of page: String) -> [(key: String, row: String)] {
    page.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      return (String(line.dropFirst(3).prefix { $0 != "`" }), String(line))
    }
  }

  /// The row a setting's declaration writes.
  static func row(_ setting: Setting) -> String {
    let cells = setting.reference
    return "| `\(setting.key)` | \(cells.type) | \(cells.defaultValue) | \(cells.meaning) |"
  }

  @Test func everySettingsRowIsTheOneItsDeclarationWrites() throws {
    let rows = Self.keyRows(of: try Self.page())
    let documented = rows.filter { !Self.itemOnly.contains($0.key) }
    #expect(documented.map(\.key) == ComponentSettings.keys, "keys and their order")
    let declared = ComponentSettings.table.map(Self.row)
    let differing = zip(documented.map(\.row), declared).filter { $0 != $1 }
    // The declaration's row, to paste into the page (or the page's words, to move into the
    // declaration).
    let message = differing.map(\.1).joined(separator: "\n")
    #expect(
      differing.isEmpty, "\(differing.count) rows differ; the declarations write:\n\(message)")
    #expect(Set(rows.map(\.key)).isSuperset(of: Self.itemOnly))
    #expect(Set(ManifestDecoder.itemKeys) == Set(ComponentSettings.keys + Self.itemOnly))
  }

  @Test func theVariantsSectionNamesEveryAxisInOrder() throws {
    let page = try Self.page()
    let section = try #require(page.range(of: "### Variants\n"))
    let sentence = page[section.upperBound...].prefix { $0 != "." }
    // "`variants` has the axes `appearance`, `dynamicType`, … and `scale`".
    let named = sentence.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
    #expect(named == ["variants"] + VariantAxis.keys)
  }

  @Test func theOutputSectionNamesTheFileNamePartsInOrder() throws {
    let page = try Self.page()
    let start = try #require(
      page.range(of: "appears for each variant axis with more than\none value, in the order "))
    let sentence = page[start.upperBound...].prefix { $0 != ":" }
    // Each axis that writes a part (not the scale, which `@Nx` names), where the page says it.
    let named = VariantAxis.all.filter { $0.key != "scale" }.map(\.key)
    let places = named.map { sentence.range(of: $0)?.lowerBound }
    #expect(places.allSatisfy { $0 != nil }, "\(zip(named, places).filter { $1 == nil })")
    let found = places.compactMap { $0 }
    #expect(found == found.sorted(), "the page's order differs from VariantAxis.all's")
  }
}
