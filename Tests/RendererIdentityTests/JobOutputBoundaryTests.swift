import Foundation
import Testing

/// The renderer identity takes `Sources/ExpandablePreviewEngine/JobOutput/` whole
/// (Plugins/RendererIdentityPlugin/IdentitySources.swift), so the engine's code that decides a
/// job's bytes must live there: a file elsewhere could change the bytes without changing any
/// job key, and a cache would hand out stale files. Two rules, checked on the sources with a
/// small scanner (comments and string literals removed, then names matched):
/// - the folder's files name no type the engine declares elsewhere, but those listed in
///   ``allowedOutside`` with the reason they cannot change bytes behind the key's back;
/// - no engine file outside the folder calls the renderer's drawing and encoding entry points.
@Suite struct JobOutputBoundaryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let engine = "Sources/ExpandablePreviewEngine"
  static let folder = "\(engine)/JobOutput/"

  /// Engine types declared outside the folder that its files may name, and why each cannot
  /// change a job's bytes without changing its key. A new one fails the test: move the type
  /// into the folder, or add it here with its reason.
  static let allowedOutside: [String: String] = [
    // The job's inputs: the key writes each of them field by field (JobKey, KeyFields).
    "OutputState": "the job's state; the key writes its raw value, layout.json the same",
    "Variant":
      "the key writes each axis's value; how layout.json spells it is the axis's `record` "
      + "in Manifest/ (a change there must bump JobKey's version string)",
    // Planning: they decide the job's fields (files, options), which the key writes.
    "ManifestItem": "RenderJob.job(for:) reads an item into a job's fields",
    "FileName": "names the job's files; the key writes every file name",
    "VariantAxis": "sets the job's options from its variant; the key writes the options",
    // Errors: their words are messages, never bytes of a file.
    "JobFailure": "an error a job throws",
    "EngineError": "an error naming a path or a flag that cannot be used",
  ]

  /// The renderer's functions that draw or encode: only the folder may call them.
  static let entryPoints = [
    "renderStill(", "renderAnimation(", "renderAccessibilityOverlay(", "renderPNG(",
    "renderSVG(", "renderPDF(", "pngData(", "renderer.render(",
  ]

  /// Every Swift file of the engine, by path relative to the package root, its comments and
  /// string literals removed.
  static func engineSources() throws -> [String: String] {
    var sources: [String: String] = [:]
    let base = root.appendingPathComponent(engine)
    let files = FileManager.default.enumerator(atPath: base.path)
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift"), !path.contains(".docc/") else { continue }
      let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      sources["\(engine)/\(path)"] = SwiftCode.withoutCommentsAndStrings(text)
    }
    return sources
  }

  @Test func theIdentityTakesTheFolderWhole() throws {
    let identity = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Plugins/RendererIdentityPlugin/IdentitySources.swift"), encoding: .utf8)
    #expect(identity.contains(#"Entry(path: "Sources/ExpandablePreviewEngine/JobOutput""#))
  }

  @Test func theFolderNamesNoEngineTypeDeclaredElsewhereButTheAllowedOnes() throws {
    let sources = try Self.engineSources()
    #expect(sources.keys.contains { $0.hasPrefix(Self.folder) }, "no file in \(Self.folder)")
    var inside: Set<String> = []
    var outside: [String: String] = [:]
    for (path, code) in sources {
      for name in SwiftCode.declaredTypes(in: code) {
        if path.hasPrefix(Self.folder) { inside.insert(name) } else { outside[name] = path }
      }
    }
    var used: Set<String> = []
    for (path, code) in sources.sorted(by: { $0.key < $1.key }) where path.hasPrefix(Self.folder) {
      for name in SwiftCode.typeNames(in: code).sorted() {
        guard let declared = outside[name], !inside.contains(name) else { continue }
        used.insert(name)
        if Self.allowedOutside[name] == nil {
          let advice =
            "move \(name) into \(Self.folder), or list it in allowedOutside with why it "
            + "cannot change a job's bytes"
          Issue.record(
            "\(path) names \(name), declared outside the renderer identity in \(declared): \(advice)"
          )
        }
      }
    }
    // Each exception is still needed, so the list says what the code does.
    for name in Set(Self.allowedOutside.keys).subtracting(used).sorted() {
      Issue.record("allowedOutside lists \(name), which no file of \(Self.folder) names any more")
    }
  }

  @Test func noEngineFileOutsideTheFolderDrawsOrEncodes() throws {
    for (path, code) in try Self.engineSources() where !path.hasPrefix(Self.folder) {
      for call in Self.entryPoints where code.contains(call) {
        Issue.record(
          "\(path) calls \(call), which decides a job's bytes: it belongs in \(Self.folder)")
      }
    }
  }

  /// The scanner sees through what it must: a name in a comment or a string is no reference,
  /// and nested and generic declarations count.
  @Test func theScannerReadsDeclarationsAndNamesOnly() {
    let code = SwiftCode.withoutCommentsAndStrings(
      """
      /// Uses `Hidden` in a doc comment.
      package struct Outer<T>: Sendable { enum Inner { case a } }
      let text = "Quoted \\(Interpolated) \\"Escaped\\"" // Trailing
      let block = \"""
        Multiline
        \"""
      /* Block */ final class Final {}
      typealias Alias = Outer<Int>
      """)
    #expect(SwiftCode.declaredTypes(in: code) == ["Outer", "Inner", "Final", "Alias"])
    #expect(
      SwiftCode.typeNames(in: code) == [
        "Outer", "T", "Sendable", "Inner", "Interpolated", "Final", "Alias", "Int",
      ])
  }
}

/// A scanner for Swift source good enough for names: no parser is at hand in a test.
enum SwiftCode {
  /// `code` with comments and string literals (single-line, multi-line, raw) blanked out; the
  /// code interpolated into a string (`\(…)`) is kept, since it names types too.
  static func withoutCommentsAndStrings(_ code: String) -> String {
    var scanner = Scanner(scalars: Array(code.unicodeScalars))
    scanner.scanCode(until: nil)
    return String(scanner.result)
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var result = String.UnicodeScalarView()

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    func starts(with text: String) -> Bool {
      let pattern = Array(text.unicodeScalars)
      return index + pattern.count <= scalars.count
        && Array(scalars[index..<index + pattern.count]) == pattern
    }

    /// Copies code up to the `)` that closes an interpolation (`closing`), or to the end.
    mutating func scanCode(until closing: Unicode.Scalar?) {
      var depth = 0
      while index < scalars.count {
        if starts(with: "//") {
          while index < scalars.count && scalars[index] != "\n" { index += 1 }
        } else if starts(with: "/*") {
          index += 2
          while index < scalars.count && !starts(with: "*/") { index += 1 }
          index += 2
        } else if starts(with: "#\"\"\"") || starts(with: "\"\"\"") {
          scanString(close: starts(with: "#") ? "\"\"\"#" : "\"\"\"")
        } else if starts(with: "#\"") || scalars[index] == "\"" {
          scanString(close: starts(with: "#") ? "\"#" : "\"")
        } else {
          let scalar = scalars[index]
          if scalar == "(" { depth += 1 }
          if scalar == ")" {
            if depth == 0 && closing != nil {
              index += 1
              return
            }
            depth -= 1
          }
          result.append(scalar)
          index += 1
        }
      }
    }

    /// Skips a string literal ending in `close`, keeping what it interpolates.
    mutating func scanString(close: String) {
      let raw = close.hasSuffix("#")
      index += close.unicodeScalars.count
      result.append(contentsOf: "\"\"".unicodeScalars)
      let singleLine = !close.hasPrefix("\"\"\"")
      while index < scalars.count && !starts(with: close) {
        if singleLine && scalars[index] == "\n" { return }
        if !raw && starts(with: "\\(") {
          index += 2
          result.append(" ")
          scanCode(until: ")")
          result.append(" ")
        } else {
          index += !raw && scalars[index] == "\\" ? 2 : 1
        }
      }
      index += close.unicodeScalars.count
    }
  }

  /// The types `code` declares, nested ones too, in order.
  static func declaredTypes(in code: String) -> [String] {
    matches(
      of: #"\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)"#, in: code)
  }

  /// Every capitalized name `code` uses (types, and a few enum cases), each once, in order.
  static func typeNames(in code: String) -> [String] {
    var seen: Set<String> = []
    return matches(of: #"\b([A-Z][A-Za-z0-9_]*)"#, in: code).filter { seen.insert($0).inserted }
  }

  private static func matches(of pattern: String, in code: String) -> [String] {
    // The patterns are literals above: a failure to compile one is a programming error.
    let expression = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(code.startIndex..., in: code)
    return expression.matches(in: code, range: range).compactMap { match in
      Range(match.range(at: 1), in: code).map { String(code[$0]) }
    }
  }
}
