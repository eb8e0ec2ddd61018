import ExpandablePreviewEngine

/// "Copy as Swift": the playground's settings as an `ExpandableText(…)` with its modifiers and
/// the `RenderOptions` it was rendered with, written from the flags the page sent. Fonts and
/// colors go through the same parsers the manifest uses (`Font(parsing:)`, `Color(parsing:)`),
/// so the copy renders the bytes the page shows. A setting Swift cannot say in one line (a
/// font given as a JSON object, the animation) is named in a comment instead.
enum SwiftSnippet {
  static func code(text: String, flags: [(name: String, value: String)]) -> String {
    var modifiers: [String] = []
    var options: [String] = []
    var notes: [String] = []
    var more: [String: String] = [:]
    var less: [String: String] = [:]
    for (name, value) in flags {
      let string = literal(value)
      switch name {
      case "--style": modifiers.append(".truncationStyle(.\(value))")
      case "--line-limit": modifiers.append(".lineLimit(\(value))")
      case "--font" where !value.hasPrefix("{"): modifiers.append(".font(\(font(value)))")
      case "--color": modifiers.append(".foregroundColor(try Color(parsing: \(string)))")
      case "--line-spacing": modifiers.append(".lineSpacing(\(value))")
      case "--ellipsis": modifiers.append(".ellipsis(\(string))")
      case "--word-boundaries": modifiers.append(".cutsAtWordBoundaries()")
      case "--direction": modifiers.append(".direction(.\(value))")
      case "--markdown": modifiers.append(".markdown()")
      case "--tint": modifiers.append(".tint(try Color(parsing: \(string)))")
      case "--more": more["text"] = string
      case "--more-font": more["font"] = value == "null" ? "nil" : font(value)
      case "--more-color": more["color"] = "try Color(parsing: \(string))"
      case "--less": less["text"] = string
      case "--less-placement": less["placement"] = ".\(value)"
      case "--width": options.append("width: \(value)")
      case "--scale": options.append("scale: \(value)")
      case "--appearance": options.append("appearance: .\(value)")
      case "--dynamic-type": options.append("dynamicType: .\(value)")
      case "--language": options.append("language: \(string)")
      case "--background" where value != "null":
        options.append("background: try Color(parsing: \(string))")
      case "--padding":
        let parts = value.split(separator: ",").map(String.init)
        options.append(
          parts.count == 4
            ? "padding: EdgeInsets(top: \(parts[0]), leading: \(parts[1]), bottom: \(parts[2]), "
              + "trailing: \(parts[3]))"
            : "padding: EdgeInsets(all: \(value))")
      default: notes.append("// \(name) \(value): see the manifest item")
      }
    }
    // Unset label fields take the style's defaults as the library declares them (the fade
    // reference's "more" and "collapse" in callout; the ellipsis reference's "More" in body).
    let isEllipsis = flags.contains { $0.name == "--style" && $0.value == "ellipsis" }
    if !more.isEmpty {
      let defaultText = isEllipsis ? "\"More\"" : "\"more\""
      let defaultFont = isEllipsis ? ".body" : ".callout"
      modifiers.append(
        ".expandButton(TextSet(text: \(more["text"] ?? defaultText), font: "
          + "\(more["font"] ?? defaultFont), color: \(more["color"] ?? ".blue")))")
    }
    if less["text"] == "\"null\"" {
      modifiers.append(".collapseButton(nil)")
    } else if let lessText = less["text"] {
      modifiers.append(
        ".collapseButton(TextSet(text: \(lessText), font: .callout, color: .blue), placement: "
          + "\(less["placement"] ?? ".lastLine"))")
    } else if let placement = less["placement"], !isEllipsis {
      modifiers.append(
        ".collapseButton(TextSet(text: \"collapse\", font: .callout, color: .blue), placement: "
          + "\(placement))")
    }
    var lines = ["let component = ExpandableText(text: \(literal(text)))"]
    lines += modifiers.map { "  " + $0 }
    // Options in the order of RenderOptions.init's parameters.
    let order = [
      "width", "scale", "appearance", "dynamicType", "padding", "background", "language",
    ]
    let sorted = options.sorted {
      (order.firstIndex(of: String($0.prefix { $0 != ":" })) ?? 0)
        < (order.firstIndex(of: String($1.prefix { $0 != ":" })) ?? 0)
    }
    lines.append("let options = RenderOptions(\(sorted.joined(separator: ", ")))")
    return (notes + lines).joined(separator: "\n")
  }

  static func code(for preview: ItemPreview, flags: [(name: String, value: String)]) -> String {
    code(text: preview.component.text, flags: flags)
  }

  private static func font(_ value: String) -> String {
    "try Font(parsing: \(literal(value)))"
  }

  /// `text` as a Swift string literal.
  static func literal(_ text: String) -> String {
    QuotedLiteral.quoted(
      text, needsEscape: { $0.value < 0x20 || $0.value == 0x7F },
      unicodeEscape: { "\\u{\(String($0.value, radix: 16))}" })
  }
}
