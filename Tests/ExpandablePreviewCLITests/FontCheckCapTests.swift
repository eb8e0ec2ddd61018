import Foundation
import Testing

/// The font check's messages are capped in number and length, in the console and in the font
/// check record, whatever a record or a manifest holds.
@Suite struct FontCheckCapTests {
  @Test func aRecordedHugeMessageListIsPrintedAndKeptCapped() throws {
    let scratch = try Scratch()
    let items: [(name: String, text: String, font: String?)] = [("c", "Fine", nil)]
    try scratch.write("m.json", FontCheckRecordTests.manifest(items))
    #expect(try scratch.run("render", "m.json", "--out", "out", "--quiet").status == 0)
    // A record (or a cache's fact, before it) under c's key holding 100 messages of 100,000
    // Characters each.
    let url = scratch.url.appendingPathComponent("out/" + FontCheckRecordTests.record)
    var record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var entries = try #require(record["items"] as? [String: [String: Any]])
    entries["c"]?["problems"] = (0..<100).map {
      "key 'text': planted \($0) " + String(repeating: "y", count: 100_000)
    }
    record["items"] = entries
    try JSONSerialization.data(withJSONObject: record).write(to: url)

    let run = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 21, "\(lines.count) lines")
    #expect(lines.allSatisfy { $0.count < 400 })
    #expect(lines.first?.hasSuffix("more characters)") == true)
    #expect(lines.last == "warning: m.json: item 'c', and 80 more problems")
    // The record is rewritten capped.
    let kept = try Self.problems(of: "c", in: url)
    #expect(kept.count == 21)
    #expect(kept.allSatisfy { $0.count < 400 })
  }

  @Test func aLongFamilyNameIsQuotedWithACut() throws {
    let scratch = try Scratch()
    let family = String(repeating: "Q", count: 20_000)
    try scratch.write("m.json", FontCheckRecordTests.manifest([("a", "Fine", family + " 15")]))
    let run = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(run.stderr.contains("item 'a', key 'font': font family 'QQQ"))
    #expect(run.stderr.utf8.count < 1_000, "\(run.stderr.utf8.count) bytes")
    let record = scratch.url.appendingPathComponent("out/" + FontCheckRecordTests.record)
    let kept = try Self.problems(of: "a", in: record)
    #expect(kept.count == 1)
    #expect(kept.allSatisfy { $0.count < 400 && $0.hasSuffix("more characters)") })
  }

  /// The problems the font check record at `url` keeps for `item`.
  static func problems(of item: String, in url: URL) throws -> [String] {
    let record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let entries = try #require(record["items"] as? [String: [String: Any]])
    return try #require(entries[item]?["problems"] as? [String])
  }
}
