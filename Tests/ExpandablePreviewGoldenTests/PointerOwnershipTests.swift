import Foundation
import Testing

/// C objects' owners keep their pointer private and lend it inside `withUnsafe…` closures, so
/// no pointer outlives its owner's last use: checked on the sources of every target.
@Suite struct PointerOwnershipTests {
  /// A pointer to a C object or to memory an owner allocated (buffer pointers are views lent by
  /// a closure and are not owners).
  static let pointerTypePattern =
    #"^(?:(?:public|package|internal|fileprivate|private(?:\(set\))?|nonisolated\(unsafe\)|static|lazy|weak|unowned)\s+)*(?:let|var)\s+\w+\s*:\s*(?:OpaquePointer|Unsafe(?:Mutable)?(?:Raw)?Pointer)\b"#
  /// A line that opens a type's body (its stored properties are what the check looks at).
  static let typeOpeningPattern =
    #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|actor|extension)\s"#

  /// The stored properties of a C pointer type declared directly in a type's body, with the
  /// line they are on. Braces are followed line by line (outside string literals), so a
  /// function's locals are not properties.
  static func pointerProperties(in text: String) -> [(line: Int, code: String)] {
    let pointerType = try! Regex(pointerTypePattern)
    let typeOpening = try! Regex(typeOpeningPattern)
    var scopes: [Bool] = []  // true: a type's body
    var inMultilineString = false
    var found: [(line: Int, code: String)] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let code = rawLine.trimmingCharacters(in: .whitespaces)
      if code.hasPrefix("//") { continue }
      if code.components(separatedBy: "\"\"\"").count % 2 == 0 {
        inMultilineString.toggle()
        continue
      }
      if inMultilineString { continue }
      if scopes.last == true, code.firstMatch(of: pointerType) != nil {
        found.append((index + 1, code))
      }
      let opensType = code.firstMatch(of: typeOpening) != nil
      var inString = false
      var previous: Character = " "
      for character in code {
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString {
          if character == "{" { scopes.append(opensType && !scopes.contains(false)) }
          if character == "}", !scopes.isEmpty { scopes.removeLast() }
        }
        previous = character
      }
    }
    return found
  }

  @Test func theScannerFindsPropertiesAndNotLocals() {
    let text = """
      final class Owner {
        private let pointer: OpaquePointer
        let leaked: UnsafeMutablePointer<Int32>
        func use() {
          var local: OpaquePointer? = nil
          let label = "{"
        }
        struct Inner {
          package var alsoLeaked: UnsafeRawPointer
        }
      }
      """
    let found = Self.pointerProperties(in: text).map(\.line)
    #expect(found == [2, 3, 9])
  }

  @Test func everyOwnerInEveryTargetKeepsItsPointerPrivate() throws {
    let sources = ArchitectureTests.sources
    var owners = 0
    var exposed: [String] = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      for (path, text) in try ArchitectureTests.sourceTexts(of: target) {
        for property in Self.pointerProperties(in: text) {
          owners += 1
          if !property.code.hasPrefix("private ") {
            exposed.append("Sources/\(target)/\(path):\(property.line): \(property.code)")
          }
        }
      }
    }
    // The renderer's Cairo, Pango, fontconfig, libdeflate and cmark owners and the workbench's
    // libsoup and GLib ones.
    #expect(owners >= 20)
    #expect(exposed.isEmpty, "\(exposed.sorted().joined(separator: "\n"))")
  }
}
