import ExpandablePreviewGolden
import Foundation
import Testing

/// The sidecars read through the one record scheme keep their bytes: a file an earlier build
/// wrote reads back and is written again byte for byte (version 1 of both has no `version` key).
@Suite struct SidecarBytesTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-sidecar-bytes-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Written by `main` at 698de85 (Tests/Fixtures/layout-schema-1/goldens).
  @Test func anEarlierBuildsFingerprintIsWrittenBackByteForByte() throws {
    let folder = Self.fixtures.appendingPathComponent("layout-schema-1/goldens")
    let before = try Data(contentsOf: folder.appendingPathComponent(Fingerprint.fileName))
    let fingerprint = try #require(try Fingerprint.read(in: folder))
    #expect(fingerprint.goldens.count == 5)
    let out = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: out) }
    try fingerprint.write(in: out)
    #expect(try Data(contentsOf: out.appendingPathComponent(Fingerprint.fileName)) == before)
    #expect(!String(decoding: before, as: UTF8.self).contains("\"version\""))
  }

  /// In the form `ReviewRejections.write` gave before the record scheme (Tests/Fixtures/records).
  @Test func anEarlierRejectionsFileIsWrittenBackByteForByte() throws {
    let folder = Self.fixtures.appendingPathComponent("records")
    let before = try Data(contentsOf: folder.appendingPathComponent(ReviewRejections.fileName))
    let rejections = try ReviewRejections.read(in: folder)
    #expect(rejections["bio/collapsed@2x.png"]?.note == "the label hides the last word")
    let out = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: out) }
    try rejections.write(in: out)
    #expect(try Data(contentsOf: out.appendingPathComponent(ReviewRejections.fileName)) == before)
  }
}
