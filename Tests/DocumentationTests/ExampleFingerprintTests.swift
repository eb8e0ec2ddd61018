import Foundation
import Testing

/// The committed example goldens' fingerprint lists only fonts a golden of it uses: a font no
/// golden uses made every failing `verify` of the examples say "The goldens were rendered
/// elsewhere" about it.
@Suite struct ExampleFingerprintTests {
  @Test func everyFontOfTheExamplesFingerprintIsUsedByAGolden() throws {
    let file = DocumentationLinksTests.root.appendingPathComponent(
      "Snapshots/examples/fingerprint.json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let fonts = try #require(json["fonts"] as? [[String: Any]]).compactMap { $0["file"] as? String }
    let goldens = try #require(json["goldens"] as? [String: [String]])
    let used = Set(goldens.values.joined())
    #expect(fonts.filter { !used.contains($0) } == [])
  }
}
