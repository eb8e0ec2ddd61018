/// Which link destinations become clickable: `http`, `https` and `mailto` only. Any other
/// destination (`javascript:`, `data:`, `file:`, a relative path, …) is drawn in the link's
/// style but gets no action in the SVG or the PDF: a gallery or a document viewer would run or
/// open it on a click.
public enum LinkScheme {
  /// The schemes that make a link clickable, lower-case.
  public static let clickable: Set<String> = ["http", "https", "mailto"]

  /// Whether `url` starts with one of ``clickable`` (in any case) followed by `:`.
  public static func isClickable(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":") else { return false }
    return clickable.contains(url[..<colon].lowercased())
  }
}

extension ExpandableText {
  /// The link destinations of the Markdown text that are drawn without an action (their scheme
  /// is not one of ``LinkScheme/clickable``), in text order, each once.
  public var inactiveLinkDestinations: [String] {
    guard isMarkdown else { return [] }
    var seen: Set<String> = []
    return StyledText(self).runs.compactMap(\.style.link).filter { url in
      !LinkScheme.isClickable(url) && seen.insert(url).inserted
    }
  }
}
