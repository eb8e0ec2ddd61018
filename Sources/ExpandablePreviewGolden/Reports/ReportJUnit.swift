import ExpandablePreview
import Foundation

extension VerificationReport {
  /// junit.xml: one test case per image; failures carry the summary, orphans are skipped.
  public func junitXML(suiteName: String) -> String {
    let images = entries.filter { $0.status != .orphan }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites tests=\"\(entries.count)\" failures=\"\(failures.count)\">\n"
    xml +=
      "  <testsuite name=\"\(Markup.escape(suiteName))\" tests=\"\(entries.count)\" failures=\"\(failures.count)\" skipped=\"\(entries.count - images.count)\">\n"
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
      case .mismatch, .missing, .sizeChanged, .fontsDiffer:
        var details = entry.summary
        if let command = entry.acceptCommand { details += "\nTo accept: \(command)" }
        if !fingerprintDifferences.isEmpty { details += "\n" + fingerprintSection }
        xml +=
          ">\n      <failure type=\"\(entry.status.rawValue)\" message=\"\(Markup.escape(entry.summary))\">"
        xml += Markup.escape(details)
        xml += "</failure>\n    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private var fingerprintSection: String {
    "The goldens were rendered elsewhere:\n"
      + fingerprintDifferences.map { "- \($0)" }.joined(separator: "\n")
  }
}
