/// The inline styles of a span of drawn text, as SwiftUI's `Text` draws inline Markdown.
struct InlineStyle: Sendable, Hashable {
  var isBold = false
  var isItalic = false
  var isCode = false
  var isStrikethrough = false
  /// The destination of a link, drawn in the component's tint.
  var link: String? = nil

  var isPlain: Bool { self == InlineStyle() }
}

/// A span of ``StyledText/text`` in one style, in UTF-8 bytes.
struct StyledRun: Sendable, Hashable {
  var bytes: Range<Int>
  var style: InlineStyle
}

/// The text a component draws and its styled spans: plain text has none, Markdown's come from
/// ``MarkdownParser``. Runs are sorted, never overlap, and plain spans are left out.
struct StyledText: Sendable, Hashable {
  var text: String
  var runs: [StyledRun] = []

  /// The text of `component`: its Markdown parsed when it asks for it, else the text as is.
  init(_ component: ExpandableText) {
    if component.isMarkdown {
      self = MarkdownParser.parse(component.text)
    } else {
      text = component.text
    }
  }

  init(text: String, runs: [StyledRun] = []) {
    self.text = text
    self.runs = runs
  }

  /// The clickable links (``LinkScheme``) that start before byte `end`, each with its byte
  /// range cut at `end`. Other links keep their style but are no link here.
  func links(before end: Int) -> [(url: String, bytes: Range<Int>)] {
    var links: [(url: String, bytes: Range<Int>)] = []
    for run in runs where run.bytes.lowerBound < end {
      guard let url = run.style.link, LinkScheme.isClickable(url) else { continue }
      let bytes = run.bytes.lowerBound..<min(run.bytes.upperBound, end)
      // A link split into runs by other styles is one link: join runs that touch.
      if let last = links.last, last.url == url, last.bytes.upperBound == bytes.lowerBound {
        links[links.count - 1].bytes = last.bytes.lowerBound..<bytes.upperBound
      } else {
        links.append((url, bytes))
      }
    }
    return links
  }
}
