import Foundation
import Testing

/// A user who imports several of the package's products names each public type without a
/// module prefix: no two products declare a public type of the same name.
@Suite struct PublicTypeNameTests {
  /// The library products' targets (Package.swift's `.library` entries).
  static let products = [
    "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewTesting",
    "ExpandablePreviewEngine",
  ]
  static let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]

  /// The top-level public types declared in `text`: unindented lines that start with
  /// `public`, then optional modifiers, then a type keyword and its name. (Nested types such
  /// as `LayoutRecord.Facts` are named through their parent.)
  static func publicTypes(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard line.hasPrefix("public "), let kind = words.firstIndex(where: kinds.contains),
        kind + 1 < words.count
      else { return nil }
      return String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
  }

  @Test func noTwoProductsDeclareAPublicTypeOfTheSameName() throws {
    var owners: [String: Set<String>] = [:]
    for target in Self.products {
      for (path, text) in try ArchitectureTests.sourceTexts(of: target) {
        for name in Self.publicTypes(in: text) {
          owners[name, default: []].insert("\(target)/\(path)")
        }
      }
    }
    #expect(owners.count > 50, "the scan finds the products' public types")
    for (name, files) in owners where files.count > 1 {
      Issue.record("public type \(name) is declared in \(files.sorted().joined(separator: ", "))")
    }
  }
}
