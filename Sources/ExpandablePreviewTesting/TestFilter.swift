import Foundation

#if canImport(Testing)
  import Testing
#endif

/// The `swift test --filter` regular expression that selects exactly the running test, for the
/// accept command a failure prints. Swift Testing matches it against the test's identity
/// (`MyAppTests.Suite/bio()/BioTests.swift:12:4`: module, suites, function, source location);
/// SwiftPM matches it against XCTest's `MyAppTests.BioTests/testBio`. A pattern on the bare name
/// (`/bio\b`) misses a test at file scope (`MyAppTests.bio()`) and runs nothing.
enum TestFilter {
  /// The filter for the running test: from Swift Testing's current test, else for the XCTest
  /// method `function` of the class that declares it in `filePath`; nil when neither is known.
  static func current(fileID: String, filePath: String, function: String) -> String? {
    #if canImport(Testing)
      if let test = Test.current {
        return swiftTesting(id: "\(test.id)", location: test.sourceLocation)
      }
    #endif
    let method = String(function.prefix { $0 != "(" })
    guard let module = fileID.split(separator: "/").first, !method.isEmpty else { return nil }
    let source = (try? String(contentsOfFile: filePath, encoding: .utf8)) ?? ""
    return xcTest(
      module: String(module), className: XCTestSource.className(declaring: method, in: source),
      method: method)
  }

  #if canImport(Testing)
    /// `^` and the test's identity without its source location, then `/` or the end: the
    /// suites and the function name with its argument labels (a parameterized test's every
    /// case), and nothing that merely starts with the same name.
    static func swiftTesting(id: String, location: SourceLocation) -> String {
      let suffix = "/\(location.fileName):\(location.line):\(location.column)"
      let name = id.hasSuffix(suffix) ? String(id.dropLast(suffix.count)) : id
      return "^\(escaped(name))(/|$)"
    }
  #endif

  /// `^Module\.Class/method$`; with the class unknown, the method in any class of the module.
  static func xcTest(module: String, className: String?, method: String) -> String {
    "^\(escaped(module))\\.\(className.map(escaped) ?? "[^/]+")/\(escaped(method))$"
  }

  /// `text` with every character a regular expression gives a meaning escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

/// Finds, in a Swift source file, the class that declares a test method.
enum XCTestSource {
  /// The name of the last `class` declared before `func method(`, or nil.
  static func className(declaring method: String, in source: String) -> String? {
    var current: String? = nil
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = line.split(whereSeparator: { " \t:<{".contains($0) }).map(String.init)
      if let index = words.firstIndex(of: "class"), index + 1 < words.count,
        !["func", "var", "let", "subscript"].contains(words[index + 1])
      {
        current = words[index + 1]
      }
      if let index = words.firstIndex(of: "func"), index + 1 < words.count,
        words[index + 1].prefix(while: { $0 != "(" }) == method
      {
        return current
      }
    }
    return nil
  }
}
