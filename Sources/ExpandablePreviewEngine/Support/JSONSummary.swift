import Foundation

/// A command's `--json` summary: one line of JSON with sorted keys on standard output.
package protocol JSONSummary: Encodable {}

extension JSONSummary {
  package func jsonText() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
