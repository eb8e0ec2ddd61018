import Foundation
import Testing

/// A committed layout record is a file from a pull request: it is read with a size cap, a text
/// longer than the renderer draws is refused naming the file and key, and every output quotes
/// a record's text with a cut.
@Suite struct LayoutRecordBoundsTests {
  static let record = "snap/a/collapsed@1x.layout.json"

  /// Records the goldens, puts `text` in `a`'s record as its visible text (after `edit`), and
  /// changes `a`'s text so its pixels differ.
  static func plant(visibleText text: (String) -> String) throws -> VerifyFixture {
    let fixture = try VerifyFixture()
    _ = try fixture.verify("--record", "missing")
    let url = fixture.url(record)
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var still = try #require(json["still"] as? [String: Any])
    still["visibleText"] = text(try #require(still["visibleText"] as? String))
    json["still"] = still
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    try fixture.writeManifest(aText: "Alpha beta gamma changed epsilon zeta eta theta iota kappa")
    return fixture
  }

  @Test func aLongRecordedTextIsQuotedWithACutInEveryOutput() throws {
    // Within the renderer's limit, so the record is used: 900,000 Characters before the text.
    let fixture = try Self.plant { String(repeating: "x", count: 900_000) + $0 }
    let output = try fixture.verify()
    #expect(output.status == 1)
    #expect(output.stderr.utf8.count < 20_000)
    for file in ["art/report.json", "art/report.html", "art/junit.xml"] {
      let bytes = try Data(contentsOf: fixture.url(file))
      #expect(bytes.count < 100_000, "\(file) has \(bytes.count) bytes")
    }
    // The reports' readable text diff keeps the part around the change, saying what it cut.
    for file in ["art/report.json", "art/report.html"] {
      let text = try String(contentsOf: fixture.url(file), encoding: .utf8)
      #expect(text.contains("more characters)"), "\(file)")
    }
  }

  @Test func aRecordedTextLongerThanTheRendererDrawsIsRefusedNamingFileAndKey() throws {
    let fixture = try Self.plant { String(repeating: "x", count: 2 << 20) + $0 }
    let output = try fixture.verify()
    #expect(output.status == 1)
    #expect(output.stderr.utf8.count < 20_000)
    #expect(output.stderr.contains("a/collapsed@1x.layout.json"))
    #expect(output.stderr.contains("still.visibleText: 2097"))
    #expect(output.stderr.contains("is longer than any text the renderer draws"))
  }

  @Test func aRecordPastTheSizeCapIsRefusedUnreadNamingIt() throws {
    let fixture = try Self.plant { $0 }
    // 17 MiB of spaces after the JSON: valid, and past the cap.
    let handle = try FileHandle(forWritingTo: fixture.url(Self.record))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: 0x20, count: 17 << 20))
    try handle.close()
    let output = try fixture.verify()
    #expect(output.status == 1)
    #expect(output.stderr.contains("a/collapsed@1x.layout.json"))
    #expect(output.stderr.contains("more than \(16 << 20) bytes"))
  }
}
