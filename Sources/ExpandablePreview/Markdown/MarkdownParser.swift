internal import CCmarkGFM

/// Inline Markdown to ``StyledText``, as SwiftUI's `Text` draws it: strong, emphasis, code,
/// `~~strikethrough~~` and links are styles over the plain text; block syntax stays literal
/// (``BlockSyntaxNeutralizer``); soft and hard line breaks are line breaks, blank lines are
/// kept; inline HTML is shown as typed and an image as its alt text. It never fails: a text
/// cmark-gfm cannot take (it accepts any UTF-8) is drawn as plain text.
enum MarkdownParser {
  static func parse(_ markdown: String) -> StyledText {
    guard let document = CmarkDocument(parsing: BlockSyntaxNeutralizer.neutralize(markdown))
    else { return StyledText(text: markdown) }
    var builder = Builder()
    document.withRoot { root in
      CmarkWalk.walk(root) { node, event in builder.visit(node, event) }
    }
    return builder.finish()
  }

  /// Collects the text and the runs while walking the tree.
  private struct Builder {
    var text: [UInt8] = []
    var runs: [StyledRun] = []
    var style = InlineStyle()
    var bold = 0
    var italic = 0
    var strikethrough = 0
    var links: [String] = []
    /// The last source line of the previous block, to keep the blank lines between blocks.
    var previousEndLine: Int32? = nil

    mutating func visit(_ node: OpaquePointer, _ event: CmarkWalk.Event) {
      let delta = event == .enter ? 1 : -1
      let type = cmark_node_get_type(node)
      switch type {
      case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
        if event == .enter {
          let start = cmark_node_get_start_line(node)
          let breaks = previousEndLine.map { Int(start - $0) } ?? Int(start - 1)
          append(String(repeating: "\n", count: max(0, breaks)), InlineStyle())
          // Escaped block syntax leaves none of these but paragraphs; keep any text anyway.
          if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK {
            append(literal(node), InlineStyle())
          }
        } else {
          previousEndLine = cmark_node_get_end_line(node)
        }
      case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
        append(literal(node), style)
      case CMARK_NODE_CODE:
        var code = style
        code.isCode = true
        append(literal(node), code)
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        append("\n", InlineStyle())
      case CMARK_NODE_STRONG: bold += delta
      case CMARK_NODE_EMPH: italic += delta
      case CMARK_NODE_LINK:
        if event == .enter {
          let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
          links.append(LinkDestination.percentEncoded(url))
        } else {
          links.removeLast()
        }
      default:
        if let name = cmark_node_get_type_string(node), String(cString: name) == "strikethrough" {
          strikethrough += delta
        }
      }
      style = InlineStyle(
        isBold: bold > 0, isItalic: italic > 0, isStrikethrough: strikethrough > 0,
        link: links.last)
    }

    func literal(_ node: OpaquePointer) -> String {
      cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    mutating func append(_ piece: String, _ style: InlineStyle) {
      guard !piece.isEmpty else { return }
      let start = text.count
      text += piece.utf8
      guard !style.isPlain else { return }
      if let last = runs.last, last.style == style, last.bytes.upperBound == start {
        runs[runs.count - 1].bytes = last.bytes.lowerBound..<text.count
      } else {
        runs.append(StyledRun(bytes: start..<text.count, style: style))
      }
    }

    func finish() -> StyledText {
      StyledText(text: String(decoding: text, as: UTF8.self), runs: runs)
    }
  }
}
