import Foundation
import Testing

/// No file of the repository keeps an unresolved merge conflict: one slipped into
/// Architecture.md once and nothing noticed it.
@Suite struct MergeConflictMarkerTests {
  /// Git's markers, built rather than written out so this file does not hold them itself.
  static let opening = String(repeating: "<", count: 7)
  static let separator = String(repeating: "=", count: 7)
  static let closing = String(repeating: ">", count: 7)

  /// The 1-based line numbers of conflict markers in `text`: an opening or closing marker
  /// anywhere, a separator only between them (a Markdown heading may underline with `=`).
  static func conflictMarkerLines(in text: String) -> [Int] {
    var lines: [Int] = []
    var insideConflict = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix(opening + " ") || line == opening {
        insideConflict = true
        lines.append(index + 1)
      } else if line.hasPrefix(closing + " ") || line == closing {
        insideConflict = false
        lines.append(index + 1)
      } else if insideConflict && line == separator {
        lines.append(index + 1)
      }
    }
    return lines
  }

  /// Every text file the repository holds outside build folders and the fuzz corpora.
  static func repositoryTextFiles() throws -> [URL] {
    let root = DocumentationLinksTests.root
    let textExtensions: Set<String> = ["swift", "md", "sh", "json", "py", "txt", "h", "modulemap"]
    let skippedFolders: Set<String> = [".build", ".git", "Fuzz", "out"]
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walker {
      if skippedFolders.contains(url.lastPathComponent) {
        walker.skipDescendants()
        continue
      }
      let isFolder = (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory ?? false
      if !isFolder && (textExtensions.contains(url.pathExtension) || url.lastPathComponent == "run")
      {
        files.append(url)
      }
    }
    return files
  }

  @Test func aPlantedConflictIsFound() {
    let planted = [
      "# Title", "=======", "text", "\(Self.opening) HEAD", "ours", Self.separator, "theirs",
      "\(Self.closing) main", "after",
    ].joined(separator: "\n")
    #expect(Self.conflictMarkerLines(in: planted) == [4, 6, 8])
  }

  @Test func aSetextHeadingIsNotAConflict() {
    #expect(Self.conflictMarkerLines(in: "Heading\n=======\nbody\n").isEmpty)
  }

  @Test func noRepositoryFileHoldsAConflictMarker() throws {
    let files = try Self.repositoryTextFiles()
    #expect(files.count > 50, "found only \(files.count) text files under the repository")
    var problems: [String] = []
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for line in Self.conflictMarkerLines(in: text) {
        problems.append("\(file.path):\(line)")
      }
    }
    #expect(problems.isEmpty, "merge conflict markers at:\n\(problems.joined(separator: "\n"))")
  }
}
