import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct VerificationReportTests {
  /// Checks four images against goldens (match, mismatch, missing, size change) plus an orphan
  /// and writes artifacts and reports into `artifacts`.
  static func verify(snapshots: URL, artifacts: URL) throws -> VerificationReport {
    let base = TestImages.cairoRectangle(x: 10, width: 12)
    let setup = GoldenStore(directory: snapshots, recordMode: .all)
    for path in ["same.png", "changed.png", "sized.png", "old/orphan.png"] {
      _ = try setup.check(base, at: path)
    }
    let store = GoldenStore(directory: snapshots, recordMode: .never)
    let check = GoldenCheck(store: store, artifacts: ArtifactsFolder(directory: artifacts))
    let checks = [
      ("same.png", base),
      ("changed.png", TestImages.cairoRectangle(x: 14, width: 12)),
      ("new <one>.png", base),
      ("sized.png", TestImages.cairoRectangle(x: 10, width: 12, imageWidth: 44)),
    ]
    var report = VerificationReport(fingerprintDifferences: ["Pango 1.50.12 → 1.52.0"])
    for (path, image) in checks {
      let outcome = try check.check(RenderedSnapshot(image: image), at: path, recorded: nil)
      report.entries.append(
        VerificationEntry(
          outcome, acceptCommand: "expandable-preview verify m.json --snapshots s --record failed"))
    }
    for orphan in try store.orphans(expecting: Set(checks.map(\.0))) {
      report.entries.append(.orphan(orphan, pruned: false))
    }
    try report.write(in: artifacts)
    return report
  }

  @Test func reportJSONListsEveryImageWithStatusAndCounts() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    let report = try Self.verify(
      snapshots: root.appendingPathComponent("snapshots"), artifacts: artifacts)
    #expect(!report.passed)
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: artifacts.appendingPathComponent("report.json"))) as! [String: Any]
    let images = json["images"] as! [[String: Any]]
    #expect(
      images.map { $0["path"] as! String } == [
        "same.png", "changed.png", "new <one>.png", "sized.png", "old/orphan.png",
      ])
    #expect(
      images.map { $0["status"] as! String } == [
        "match", "mismatch", "missing", "size-changed", "orphan",
      ])
    #expect(images[1]["diffPixels"] as? Int == 2 * 4 * 12)
    #expect(images[1]["aaPixels"] as? Int == 0)
    #expect(images[1]["totalPixels"] as? Int == 40 * 20)
    #expect(images[3]["totalPixels"] as? Int == 44 * 20)
    #expect(json["passed"] as? Bool == false)
    #expect(json["fingerprintDifferences"] as? [String] == ["Pango 1.50.12 → 1.52.0"])
  }

  @Test func failuresLeaveActualExpectedAndThreePanelDiff() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    let report = try Self.verify(
      snapshots: root.appendingPathComponent("snapshots"), artifacts: artifacts)
    let changed = try #require(report.entries[1].artifacts)
    #expect(
      changed
        == .init(
          expected: "expected/changed.png", actual: "actual/changed.png", diff: "diff/changed.png"))
    let diff = try Image(contentsOf: artifacts.appendingPathComponent("diff/changed.png"))
    #expect(diff.width == 3 * 40 + 8 && diff.height == 20)
    let missing = try #require(report.entries[2].artifacts)
    #expect(missing == .init(actual: "actual/new <one>.png"))
    #expect(report.entries[0].artifacts == nil)
    #expect(
      !FileManager.default.fileExists(
        atPath: artifacts.appendingPathComponent("actual/same.png").path))
  }

  @Test func htmlShowsFingerprintFirstThenEachFailureWithPanelsAndCommand() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    _ = try Self.verify(snapshots: root.appendingPathComponent("snapshots"), artifacts: artifacts)
    let html = try String(
      contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
    let fingerprint = try #require(html.range(of: "Pango 1.50.12 → 1.52.0"))
    let firstPanel = try #require(html.range(of: "<img src=\"diff/changed.png\""))
    #expect(fingerprint.upperBound < firstPanel.lowerBound)
    #expect(html.contains("<img src=\"diff/sized.png\""))
    #expect(html.contains("<img src=\"actual/new%20%3Cone%3E.png\""))
    #expect(html.contains("<code>new &lt;one&gt;.png</code>"))
    // The counts are said once, in the summary, not again in a paragraph of their own.
    #expect(html.components(separatedBy: "96 of 800 pixels differ").count == 2)
    #expect(!html.contains("differing pixels"))
    #expect(
      html.components(separatedBy: "expandable-preview verify m.json --snapshots s --record failed")
        .count == 4)
    #expect(html.contains("<code>old/orphan.png</code>"))
  }

  @Test func junitHasOneCasePerImageWithFailures() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    _ = try Self.verify(snapshots: root.appendingPathComponent("snapshots"), artifacts: artifacts)
    let xml = try String(contentsOf: artifacts.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(
      xml.contains(
        "<testsuite name=\"expandable-preview verify\" tests=\"5\" failures=\"3\" errors=\"0\" skipped=\"1\">"
      ))
    #expect(xml.contains("<testcase classname=\"snapshots\" name=\"same.png\"/>"))
    #expect(
      xml.contains(
        "<failure type=\"size-changed\" message=\"sized.png: size changed from 40×20 to 44×20\">"))
    #expect(xml.contains("name=\"new &lt;one&gt;.png\">"))
    // Well-formed: XMLDocument parses it.
    #expect(throws: Never.self) { try XMLDocument(xmlString: xml) }
  }
}
