import ExpandablePreview
import Foundation

extension VerificationReport {
  /// junit.xml: one test case per image; failures carry the summary, images that could not be
  /// checked are errors (with the reason), orphans are skipped. Every text goes through
  /// ``Markup/escape(_:)``, so names XML 1.0 cannot carry are shown, not written raw.
  public func junitXML(suiteName: String) -> String {
    let errors = count(.error)
    let failed = failures.count - errors
    let skipped = count(.orphan)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites tests=\"\(entries.count)\" failures=\"\(failed)\" errors=\"\(errors)\">\n"
    xml +=
      "  <testsuite name=\"\(Markup.escape(suiteName))\" tests=\"\(entries.count)\" failures=\"\(failed)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
    if !fingerprintDifferences.isEmpty {
      xml += "    <system-out>\(Markup.escape(fingerprintSection))</system-out>\n"
    }
    for entry in entries {
      xml += "    <testcase classname=\"snapshots\" name=\"\(Markup.escape(entry.path))\""
      switch entry.status {
      case .match:
        xml += "/>\n"
      case .orphan:
        xml += ">\n      <skipped message=\"\(Markup.escape(entry.summary))\"/>\n    </testcase>\n"
      case .mismatch, .missing, .sizeChanged, .fontsDiffer, .error:
        var details = entry.summary
        if let rejection = entry.rejection { details += "\n" + rejection }
        if let command = entry.acceptCommand {
          details += "\n" + GoldenCheckOutcome.acceptLine(command)
        }
        if !fingerprintDifferences.isEmpty { details += "\n" + fingerprintSection }
        let element = entry.status == .error ? "error" : "failure"
        xml +=
          ">\n      <\(element) type=\"\(entry.status.rawValue)\" message=\"\(Markup.escape(entry.summary))\">"
        xml += Markup.escape(details)
        xml += "</\(element)>\n    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private var fingerprintSection: String {
    Fingerprint.differencesHeading + "\n"
      + fingerprintDifferences.map { "- \($0)" }.joined(separator: "\n")
  }
}
