import ExpandablePreviewEngine

/// "Copy as Swift": the playground's settings as an `ExpandableText(…)` with its modifiers and
/// the `RenderOptions` it was rendered with, written from the flags the page sent, each where
/// its declaration says (``Setting/Flag/swift``). Fonts and colors go through the same parsers
/// the manifest uses (`Font(parsing:)`, `Color(parsing:)`), so the copy renders the bytes the
/// page shows. The device, Bold Text, Increase Contrast, Reduce Motion and the frame rate are
/// set on the options after they are made, the animation is `.expandAnimation(…)`. A setting
/// Swift cannot say in one line (a font given as a JSON object) is named in a comment instead.
enum SwiftSnippet {
  static func code(text: String, flags: [(name: String, value: String)]) -> String {
    var modifiers: [String] = []
    var options: [String] = []
    // `options.NAME = VALUE` lines, after the device's.
    var properties: [String] = []
    var device: String?
    var animation: [String: String] = [:]
    var notes: [String] = []
    // The label fields given, by the label's key (`expandButton`) and field (`text`).
    var labels: [String: [String: String]] = [:]
    for (name, value) in flags {
      guard let flag = ComponentSettings.flags[name], let spelling = flag.swift,
        let expression = expression(value, flag.input)
      else {
        notes.append("// \(name) \(value): see the manifest item")
        continue
      }
      switch spelling {
      case .modifier(let modifier) where flag.input == .toggle: modifiers.append(".\(modifier)()")
      case .modifier(let modifier): modifiers.append(".\(modifier)(\(expression))")
      case .option(let option): options.append("\(option): \(expression)")
      case .label(let field):
        labels[String(flag.path.prefix { $0 != "." }), default: [:]][field] = expression
      case .property(let property): properties.append("options.\(property) = \(expression)")
      case .device: device = literal(value)
      case .animation(let field): animation[field] = value
      }
    }
    // A device sets the width and the side padding: one given as well wins, so it is set after.
    if device != nil {
      let afterDevice = options.filter { $0.hasPrefix("width:") || $0.hasPrefix("padding:") }
      options.removeAll { afterDevice.contains($0) }
      properties.insert(
        contentsOf: afterDevice.map { option in
          let name = option.prefix { $0 != ":" }
          return "options.\(name) = \(option.dropFirst(name.count + 2))"
        }, at: 0)
    }
    if let curve = animation["curve"] {
      // Spring takes its response and damping, not a duration (as the manifest reads it).
      if curve != "spring", let duration = animation["duration"] {
        modifiers.append(".expandAnimation(.\(curve)(duration: \(duration)))")
      } else {
        modifiers.append(".expandAnimation(.\(curve))")
      }
    }
    let more = labels["expandButton"] ?? [:]
    let less = labels["collapseButton"] ?? [:]
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
    let order = SwiftSpelling.optionOrder
    let sorted = options.sorted {
      (order.firstIndex(of: String($0.prefix { $0 != ":" })) ?? 0)
        < (order.firstIndex(of: String($1.prefix { $0 != ":" })) ?? 0)
    }
    let after = (device.map { ["options.apply(Device.named(\($0))!)"] } ?? []) + properties
    lines.append(
      "\(after.isEmpty ? "let" : "var") options = RenderOptions(\(sorted.joined(separator: ", ")))")
    lines += after
    return (notes + lines).joined(separator: "\n")
  }

  static func code(for preview: ItemPreview, flags: [(name: String, value: String)]) -> String {
    code(text: preview.component.text, flags: flags)
  }

  /// The value as a Swift expression of its input's type; nil when one line cannot say it (a
  /// font as a JSON object, no background).
  private static func expression(_ value: String, _ input: FlagInput) -> String? {
    switch input {
    case .choice: return ".\(value)"
    case .number, .slider, .toggle: return value
    case .text: return literal(value)
    case .color: return value == "null" ? nil : "try Color(parsing: \(literal(value)))"
    case .font:
      if value.hasPrefix("{") { return nil }
      return value == "null" ? "nil" : "try Font(parsing: \(literal(value)))"
    case .numbers:
      let parts = value.split(separator: ",").map(String.init)
      return parts.count == 4
        ? "EdgeInsets(top: \(parts[0]), leading: \(parts[1]), bottom: \(parts[2]), "
          + "trailing: \(parts[3]))"
        : "EdgeInsets(all: \(value))"
    }
  }

  /// `text` as a Swift string literal.
  static func literal(_ text: String) -> String {
    QuotedLiteral.quoted(
      text, needsEscape: { $0.value < 0x20 || $0.value == 0x7F },
      unicodeEscape: { "\\u{\(String($0.value, radix: 16))}" })
  }
}
