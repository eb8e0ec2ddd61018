import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport

/// Finds what the font set cannot draw as asked: font families outside the set (fontconfig
/// would silently draw another) and characters no font of the set has (they draw as boxes);
/// and Markdown links drawn without an action (``LinkScheme``). Warnings by default, errors
/// with `--strict`.
package enum FontCheck {
  /// One message per key of `component` with a problem, each starting with the key.
  static func problems(
    of component: ExpandableText, renderer: Renderer,
    substitutions: inout [Font: FontSubstitution?],
    naming name: (String) -> String = { "key '\($0)'" }
  ) -> [String] {
    fontProblems(of: component, renderer: renderer, substitutions: &substitutions, naming: name)
      + linkProblems(of: component, naming: name)
  }

  /// The problems that ask the font set: families outside it and characters none of its
  /// fonts has. They depend on nothing but ``fonts(of:)``, ``texts(of:)`` and the set
  /// (``FontCheckKeys`` relies on it).
  static func fontProblems(
    of component: ExpandableText, renderer: Renderer,
    substitutions: inout [Font: FontSubstitution?],
    naming name: (String) -> String = { "key '\($0)'" }
  ) -> [String] {
    var messages: [String] = []
    for (key, font) in fonts(of: component) {
      guard let font else { continue }
      let substitution: FontSubstitution?
      if let cached = substitutions[font] {
        substitution = cached
      } else {
        substitution = try? renderer.substitution(for: font)
        substitutions[font] = substitution
      }
      guard let substitute = substitution else { continue }
      messages.append(
        "\(name(key)): font family '\(substitute.requested)' is not available; Pango draws "
          + "'\(substitute.used)' instead")
    }
    for (key, text) in texts(of: component) {
      guard let text else { continue }
      let missing = renderer.uncoveredCharacters(in: text)
      guard !missing.isEmpty else { continue }
      messages.append(
        "\(name(key)): no font of the pinned set has \(describe(missing)); "
          + (missing.count == 1 ? "it draws as a box" : "they draw as boxes"))
    }
    return messages
  }

  /// The Markdown links drawn without an action; no font set takes part.
  static func linkProblems(
    of component: ExpandableText, naming name: (String) -> String = { "key '\($0)'" }
  ) -> [String] {
    let schemes = LinkScheme.clickable.sorted().joined(separator: ", ")
    return component.inactiveLinkDestinations.map { url in
      "\(name("text")): link destination '\(url)' is not \(schemes); it is drawn as link "
        + "text without an action"
    }
  }

  /// The most messages kept and printed for one item, and the most Characters of each.
  static let maxMessages = 20
  static let maxMessageCharacters = 300

  /// `messages` as kept and printed: each cut to ``maxMessageCharacters``, at most
  /// ``maxMessages`` of them, then one saying how many more there were.
  static func capped(_ messages: [String]) -> [String] {
    let kept = messages.prefix(maxMessages).map {
      TextCut.head($0, keeping: maxMessageCharacters)
    }
    guard messages.count > maxMessages else { return kept }
    return kept + ["and \(messages.count - maxMessages) more problems"]
  }

  /// The fonts of `component` the check asks the font set about, by key.
  static func fonts(of component: ExpandableText) -> [(key: String, font: Font?)] {
    [
      ("font", component.font), ("expandButton.font", component.expandButton.font),
      ("collapseButton.font", component.collapseButton?.font),
    ]
  }

  /// The texts of `component` whose characters the check looks up in the font set, by key.
  static func texts(of component: ExpandableText) -> [(key: String, text: String?)] {
    [
      ("text", component.text), ("ellipsis", component.ellipsis),
      ("expandButton.text", component.expandButton.text),
      ("collapseButton.text", component.collapseButton?.text),
    ]
  }

  /// The problems of one component, for `render --text`.
  package static func warnings(
    for component: ExpandableText, renderer: Renderer, naming name: (String) -> String
  ) -> [String] {
    var cache: [Font: FontSubstitution?] = [:]
    return problems(of: component, renderer: renderer, substitutions: &cache, naming: name)
  }

  /// A warning when files of the standard set are missing on this machine (a pinned set only),
  /// naming the Debian packages that install them.
  package static func missingStandardFiles(for fontSet: FontSet) -> String? {
    let missing = StandardFonts.missing
    guard !fontSet.isMachineDependent, let first = missing.first else { return nil }
    let packages = Set(missing.map(\.package)).sorted().joined(separator: " ")
    return "the pinned font set lacks \(missing.count) file(s), such as \(first.path); text they "
      + "would draw falls back to other fonts of the set. Install them: apt-get install "
      + "\(packages) (or bash Scripts/setup.sh)"
  }

  /// "U+0E01 'ก', U+0E32 'า'", at most 8 characters and then how many more.
  static func describe(_ scalars: [Unicode.Scalar]) -> String {
    let named = scalars.prefix(8).map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) '\(scalar)'"
    }
    let more = scalars.count > 8 ? " and \(scalars.count - 8) more" : ""
    return named.joined(separator: ", ") + more
  }
}
