import ExpandablePreview
import ExpandablePreviewGolden

/// Finds fonts whose family is not available, so fontconfig would silently draw another:
/// a warning by default, an error with `--strict`.
enum FontCheck {
  /// One line per item and key whose font family is substituted, in item order.
  static func substitutions(in items: [ManifestItem], manifest: String, renderer: Renderer)
    -> [String]
  {
    var messages: [String] = []
    var checked: [Font: FontSubstitution?] = [:]
    for item in items {
      let component = item.component
      let fonts: [(key: String, font: Font?)] = [
        ("font", component.font), ("expandButton.font", component.expandButton.font),
        ("collapseButton.font", component.collapseButton?.font),
      ]
      for (key, font) in fonts {
        guard let font else { continue }
        let substitution: FontSubstitution?
        if let cached = checked[font] {
          substitution = cached
        } else {
          substitution = try? renderer.substitution(for: font)
          checked[font] = substitution
        }
        guard let substitute = substitution else { continue }
        messages.append(
          "\(manifest): item '\(item.name)', key '\(key)': font family '\(substitute.requested)' "
            + "is not available; Pango draws '\(substitute.used)' instead")
      }
    }
    return messages
  }
}
