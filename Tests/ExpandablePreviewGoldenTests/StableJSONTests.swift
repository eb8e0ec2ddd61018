@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewSupport
import Foundation
import Testing

/// The package's JSON files: an empty array or object is written `[]` or `{}`, everything else
/// as Foundation's pretty printer writes it, and the value reads back unchanged.
@Suite struct StableJSONTests {
  /// A JSON value of any shape, for random documents.
  indirect enum Value: Codable, Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([Value])
    case object([String: Value])

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let value): try container.encode(value)
      case .number(let value): try container.encode(value)
      case .bool(let value): try container.encode(value)
      case .array(let value): try container.encode(value)
      case .object(let value): try container.encode(value)
      }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([Value].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: Value].self))
      }
    }
  }

  /// Strings that look like the JSON around them, brackets and line breaks included.
  static let strings = [
    "", "[", "]", "{}", "[\n\n    ]", "{\n\n}", "a\"b", "\\", "\\\"[", "links", "é ☃ 🙂", "  ", "\n",
  ]

  static func value(_ random: inout SplitMix64, depth: Int) -> Value {
    switch random.int(in: 0...(depth > 3 ? 2 : 5)) {
    case 0: return .string(random.pick(strings))
    case 1: return .number(random.int(in: -5...1_000))
    case 2: return .bool(random.int(in: 0...1) == 0)
    case 3, 4:
      return .array((0..<random.int(in: 0...3)).map { _ in value(&random, depth: depth + 1) })
    default:
      var object: [String: Value] = [:]
      for _ in 0..<random.int(in: 0...3) {
        object[random.pick(strings) + String(random.int(in: 0...9))] = value(
          &random, depth: depth + 1)
      }
      return .object(object)
    }
  }

  /// The slow, obviously right rewrite: Foundation's text with each empty container's lines
  /// replaced by a regular expression (a raw line break is never inside a JSON string).
  static func reference(_ value: Value) throws -> String {
    var text = try foundationText(value)
    text = text.replacingOccurrences(
      of: "\\[\\n\\n *\\]", with: "[]", options: .regularExpression)
    text = text.replacingOccurrences(
      of: "\\{\\n\\n *\\}", with: "{}", options: .regularExpression)
    return text + "\n"
  }

  static func foundationText(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func emptyContainersAreWrittenOnOneLine() throws {
    let value = Value.object([
      "links": .array([]), "fonts": .object([:]), "lines": .array([.array([]), .number(1)]),
      "text": .string("[\n\n]"),
    ])
    let text = String(decoding: try StableJSON.data(value), as: UTF8.self)
    #expect(
      text == """
        {
          "fonts" : {},
          "lines" : [
            [],
            1
          ],
          "links" : [],
          "text" : "[\\n\\n]"
        }

        """)
  }

  @Test func randomDocumentsMatchTheReferenceAndReadBack() throws {
    var random = SplitMix64(seed: 22)
    var emptyContainers = 0
    for index in 0..<2_000 {
      let value = Self.value(&random, depth: 0)
      let data = try StableJSON.data(value)
      let text = String(decoding: data, as: UTF8.self)
      #expect(text == (try Self.reference(value)), "document \(index)")
      #expect(try JSONDecoder().decode(Value.self, from: data) == value, "document \(index)")
      #expect(!text.contains("[\n\n") && !text.contains("{\n\n"), "document \(index)")
      if try Self.foundationText(value).contains("\n\n") { emptyContainers += 1 }
    }
    // Most documents hold an empty container, or this says little.
    #expect(emptyContainers > 500, "only \(emptyContainers) documents had an empty container")
  }
}
