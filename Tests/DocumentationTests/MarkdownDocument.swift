import Foundation

/// The parts of a Markdown file that links depend on: the anchors its headings make on GitHub,
/// and the relative link and image targets it holds. Code blocks and code spans are skipped.
struct MarkdownDocument {
  /// A link or image target, with the line it is on (1-based).
  struct Link: Equatable {
    var target: String
    var line: Int
  }

  /// The anchors of the headings, in order, as GitHub makes them (duplicates numbered).
  private(set) var anchors: [String] = []
  /// Every link and image target that is not a URL with a scheme (`https:`, `mailto:`).
  private(set) var links: [Link] = []

  init(text: String) {
    var fence: String?
    var slugCounts: [String: Int] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let trimmed = line.drop { $0 == " " }
      if let open = fence {
        if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first || $0 == " " }) {
          fence = nil
        }
        continue
      }
      if let marker = Self.fenceMarker(trimmed) {
        fence = marker
        continue
      }
      // Swift's Regex is slow in debug builds: only lines that may hold a match meet one.
      let prose = line.contains("`") ? Self.removingCodeSpans(String(line)) : String(line)
      if trimmed.hasPrefix("#"), let heading = Self.headingText(prose) {
        let slug = Self.slug(heading)
        let count = slugCounts[slug, default: 0]
        slugCounts[slug] = count + 1
        anchors.append(count == 0 ? slug : "\(slug)-\(count)")
      }
      if prose.contains("<a") {
        anchors += prose.matches(of: /<a\s+(?:name|id)="([^"]+)"/).map { String($0.1) }
      }
      guard prose.contains("](") || prose.contains("]:") || prose.contains("=\"") else {
        continue
      }
      for target in Self.targets(in: prose) where !Self.hasScheme(target) {
        links.append(Link(target: target, line: index + 1))
      }
    }
  }

  /// GitHub's heading anchor: lowercased, with every character dropped but letters, marks,
  /// digits, `_`, `-` and spaces, and spaces turned into hyphens.
  static func slug(_ heading: String) -> String {
    var slug = ""
    for scalar in heading.lowercased().unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation:
        slug.unicodeScalars.append(scalar)
      default:
        if scalar == "-" || scalar == " " { slug.append("-") }
      }
    }
    return slug
  }

  /// The text of an ATX heading (`## Title ##`) as GitHub shows it: links reduced to their
  /// text, emphasis and HTML tags removed; nil for any other line.
  static func headingText(_ line: String) -> String? {
    guard let match = line.firstMatch(of: /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/)
    else { return nil }
    var text = String(match.1 ?? "")
    text = text.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
    text = text.replacing(/<[^>]+>/, with: "")
    text = text.replacing(/[*]/, with: "")
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The targets of inline links and images (`[text](target "title")`, also a link around an
  /// image), reference definitions (`[name]: target`) and HTML `src` / `href` attributes.
  static func targets(in line: String) -> [String] {
    var targets = line.matches(of: /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/).map {
      String($0.1)
    }
    if let definition = line.firstMatch(of: /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/) {
      targets.append(String(definition.1))
    }
    targets += line.matches(of: /(?:src|href)="([^"]+)"/).map { String($0.1) }
    return targets
  }

  private static func hasScheme(_ target: String) -> Bool {
    target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil
  }

  /// The opening fence of a code block (three or more backticks or tildes), if `line` is one.
  private static func fenceMarker(_ line: Substring) -> String? {
    for mark: Character in ["`", "~"] {
      let run = line.prefix { $0 == mark }
      if run.count >= 3 { return String(run) }
    }
    return nil
  }

  /// `line` without its code spans, whose contents are not links.
  private static func removingCodeSpans(_ line: String) -> String {
    line.replacing(/(`+)(?:(?!\1).)+?\1/) { match in
      // Keep the text of a code span in headings: GitHub's anchor includes it.
      String(match.output.0.filter { $0 != "`" }).replacing(/[\[\]()<>"]/, with: "")
    }
  }
}
