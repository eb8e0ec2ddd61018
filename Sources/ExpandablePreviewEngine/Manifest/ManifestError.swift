/// A manifest that cannot be used: exit code 2. The message names the file, the line and column
/// when known, the item and the key.
struct ManifestError: Error, Sendable, CustomStringConvertible {
  var file: String
  var position: SourcePosition?
  var message: String

  var description: String {
    if let position { "\(file):\(position): \(message)" } else { "\(file): \(message)" }
  }
}

/// Several manifest errors found in one reading, reported together.
package struct ManifestErrors: Error, Sendable, CustomStringConvertible {
  var errors: [ManifestError]

  package var description: String { errors.map(\.description).joined(separator: "\n") }
}
