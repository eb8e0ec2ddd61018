import ExpandablePreview
import ExpandablePreviewEngine

/// "Light and dark side by side": an edit that asks for several appearances renders each of its
/// states once per appearance, the flags' own `--appearance` replaced. The copies (manifest item,
/// Swift) stay those of the flags as set.
extension EditMessage {
  /// The appearances to render, each with its preview; one entry with no appearance when the
  /// page asked for none.
  ///
  /// - Throws: an unknown appearance, or the flags' problem.
  func previews(of preview: ItemPreview) throws(PreviewProblem) -> [(
    appearance: String?, preview: ItemPreview
  )] {
    let asked = appearances ?? []
    guard !asked.isEmpty else { return [(nil, preview)] }
    let known = Appearance.allCases.map(\.rawValue)
    var previews: [(appearance: String?, preview: ItemPreview)] = []
    for appearance in asked {
      guard known.contains(appearance) else {
        throw PreviewProblem(
          "unknown appearance '\(appearance)' to show side by side: expected "
            + known.joined(separator: " or "))
      }
      let flags = flagPairs.filter { $0.name != "--appearance" } + [("--appearance", appearance)]
      previews.append((appearance, try ItemPreview(text: text, flags: flags)))
    }
    return previews
  }
}
