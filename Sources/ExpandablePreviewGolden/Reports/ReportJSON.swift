import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension VerificationReport {
  /// The fields report.json promises for each image.
  private struct ImageRecord: Encodable {
    var path: String
    var status: GoldenVerdict.Status
    var diffPixels: Int
    var aaPixels: Int
    var totalPixels: Int
    var recorded: Bool
    var summary: String
    var artifacts: VerificationEntry.Artifacts?
    var fontDifferences: [String]
    /// An animation's first frame that does not match; left out for stills.
    var frame: Int?
    /// The layout explanation; left out when the layout was not compared.
    var layout: LayoutReportEntry?
    /// "rejected by reviewer: NOTE"; left out unless a reviewer rejected the image.
    var rejection: String?
  }

  private struct Document: Encodable {
    var passed: Bool
    var counts: [String: Int]
    var fingerprintDifferences: [String]
    var images: [ImageRecord]
  }

  /// report.json: per image path, status
  /// (`match|mismatch|missing|orphan|size-changed|fonts-differ|error`), diffPixels, aaPixels,
  /// totalPixels (plus whether it was recorded, the one-line summary with an error's reason,
  /// its artifacts, its fontDifferences, its layout explanation with typed changes, for an
  /// animation the frame that fails, and a reviewer's rejection with its note), with
  /// sorted keys so that equal runs give equal files.
  public func jsonData() throws -> Data {
    let document = Document(
      passed: passed,
      counts: counts,
      fingerprintDifferences: fingerprintDifferences,
      images: entries.map {
        ImageRecord(
          path: $0.path, status: $0.status, diffPixels: $0.diffPixels, aaPixels: $0.aaPixels,
          totalPixels: $0.totalPixels, recorded: $0.recorded, summary: $0.summary,
          artifacts: $0.artifacts, fontDifferences: $0.fontDifferences, frame: $0.frame,
          layout: $0.layout, rejection: $0.rejection)
      })
    return try StableJSON.data(document)
  }
}
