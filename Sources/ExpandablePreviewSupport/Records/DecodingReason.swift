import Foundation

/// A `DecodingError` in plain words, for messages that name the file it came from: what is
/// wrong and at which key, without Swift's type and context dump.
package enum DecodingReason {
  package static func of(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not valid JSON" : "the value at \(path(context.codingPath)) is not valid"
    case .keyNotFound(let key, let context):
      return "it lacks the key \(path(context.codingPath + [key]))"
    case .typeMismatch(_, let context):
      return context.codingPath.isEmpty
        ? "it is not a JSON object of the expected form"
        : "the value at \(path(context.codingPath)) has the wrong type"
    case .valueNotFound(_, let context):
      return "the value at \(path(context.codingPath)) is missing (null)"
    @unknown default:
      return "it is not a file of the expected form"
    }
  }

  /// `'fonts[2].sha256'`.
  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "'\(text)'"
  }
}
