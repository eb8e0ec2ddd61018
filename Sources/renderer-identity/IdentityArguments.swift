import Foundation

/// The tool's command line, as the plugin writes it.
struct IdentityArguments {
  var root: URL
  var output: URL
  /// The compiler's path; its `--version` is hashed.
  var compiler: String
  var parts: [IdentityPart] = []

  init(_ words: [String]) throws {
    var root: String?
    var output: String?
    var compiler: String?
    var index = 0
    func value() throws -> String {
      index += 1
      guard index < words.count else { throw IdentityUsage(words[index - 1] + " needs a value") }
      return words[index]
    }
    while index < words.count {
      switch words[index] {
      case "--root": root = try value()
      case "--output": output = try value()
      case "--compiler": compiler = try value()
      case "--part": parts.append(IdentityPart(name: try value(), files: []))
      case let file where !parts.isEmpty && !file.hasPrefix("--"):
        parts[parts.count - 1].files.append(file)
      case let word: throw IdentityUsage("unexpected '\(word)'")
      }
      index += 1
    }
    guard let root, let output, let compiler else {
      throw IdentityUsage("--root, --output and --compiler are required")
    }
    self.root = URL(fileURLWithPath: root)
    self.output = URL(fileURLWithPath: output)
    self.compiler = compiler
  }
}

/// A command line the tool cannot read.
struct IdentityUsage: Error, CustomStringConvertible {
  var description: String
  init(_ message: String) {
    description =
      "renderer-identity: \(message)\nusage: renderer-identity --root DIR --output FILE "
      + "--compiler SWIFTC (--part NAME FILE…)…"
  }
}
