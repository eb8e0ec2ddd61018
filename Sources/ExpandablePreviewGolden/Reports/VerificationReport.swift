import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The outcome of verifying a set of images against their goldens; written as report.json,
/// report.html and junit.xml.
public struct VerificationReport: Sendable, Hashable, Codable {
  /// Images in the order they were checked, then orphans.
  public var entries: [VerificationEntry]
  /// What differs between the recorded fingerprint and this machine's, in words (see
  /// ``Fingerprint/differences(from:onlyFontsUsed:)``); shown before any pixels.
  public var fingerprintDifferences: [String]

  /// A report of `entries` in order, with the fingerprint's differences.
  public init(entries: [VerificationEntry] = [], fingerprintDifferences: [String] = []) {
    self.entries = entries
    self.fingerprintDifferences = fingerprintDifferences
  }

  /// The entries that failed, in order.
  public var failures: [VerificationEntry] { entries.filter(\.status.isFailure) }
  /// Whether every image matched (orphans do not fail).
  public var passed: Bool { failures.isEmpty }

  /// How many entries have each status.
  public func count(_ status: GoldenVerdict.Status) -> Int {
    entries.filter { $0.status == status }.count
  }

  /// Every status's count, keyed by its raw value (the reports' `counts`).
  public var counts: [String: Int] {
    Dictionary(uniqueKeysWithValues: GoldenVerdict.Status.allCases.map { ($0.rawValue, count($0)) })
  }

  /// The file names inside the artifacts folder.
  public static let jsonFileName = "report.json"
  /// The HTML report's file name.
  public static let htmlFileName = "report.html"
  /// The JUnit XML report's file name.
  public static let junitFileName = "junit.xml"

  /// Writes report.json, report.html and junit.xml into `folder` atomically.
  ///
  /// - Parameters:
  ///   - folder: the artifacts folder.
  ///   - title: the heading of the HTML report and the JUnit suite's name.
  public func write(in folder: URL, title: String = "expandable-preview verify") throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try AtomicFile.write(jsonData(), to: folder.appendingPathComponent(Self.jsonFileName))
    try AtomicFile.write(
      Data(html(title: title).utf8), to: folder.appendingPathComponent(Self.htmlFileName))
    try AtomicFile.write(
      Data(junitXML(suiteName: title).utf8), to: folder.appendingPathComponent(Self.junitFileName))
  }
}
