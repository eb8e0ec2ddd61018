import ExpandablePreview

/// One setting of the component or its render options, declared once: its manifest key, its
/// `render --text` flags with their playground controls and Swift spellings, its words for
/// `--help` and for the reference's table, and how it is read, merged and applied. The
/// decoder's known keys, the "did you mean" suggestions, the flags, both helps, the
/// playground's controls, "Copy as Swift" and the documentation test all come from
/// ``ComponentSettings/table``.
package struct Setting: Sendable {
  /// A command-line flag that sets this setting, or one field of it (`--more-color` sets
  /// `expandButton.color`), and the playground's control for it.
  package struct Flag: Sendable {
    /// `--line-limit`.
    package var name: String
    /// The manifest key path the flag's value goes to: `lineLimit`, `expandButton.color`;
    /// a flag declared without one sets its setting's key.
    package var path: String = ""
    /// What the value is: it decides the manifest value, the control and the Swift spelling.
    package var input: FlagInput
    /// `N`, `POINTS`, `COLOR`; empty for a switch.
    package var valueName: String
    /// The playground's label: the name a designer knows (iOS's own where it has one).
    package var label: String
    /// What `--help` says; the setting's summary when nil.
    package var summary: String? = nil
    /// How "Copy as Swift" writes the value; nil: a comment names it.
    package var swift: SwiftSpelling? = nil

    /// How the flag's text becomes a JSON value for the manifest reader.
    package var value: FlagValue { input.flagValue }
  }

  /// The manifest key (`defaults`, items).
  package var key: String
  /// What the setting means and which values it takes, for `--help`.
  package var summary: String
  /// The default in words, shown in parentheses.
  package var defaultValue: String
  /// The reference's row (Documentation/ManifestReference.md), Markdown.
  package var reference: ReferenceRow
  package var flags: [Flag] = []
  /// Reads `key` from a manifest object into `settings`.
  var read: @Sendable (ObjectReader, inout ComponentSettings) throws(ManifestError) -> Void
  /// Sets the field of `merged` (a copy of the overriding settings) from `base` where the
  /// override leaves it out.
  var merge: @Sendable (_ merged: inout ComponentSettings, _ base: ComponentSettings) -> Void
  /// Applies the setting, when set, to the component and the render options.
  var apply: @Sendable (ComponentSettings, inout ExpandableText, inout RenderOptions) -> Void
  /// The `render --text` option an error names for this key when no flag of the table sets
  /// it (`--state`, which the command reads itself); else its first flag.
  var commandLineName: String? = nil
  /// What `render --text`'s words call the key: `--animate` for `animation`.
  var flagName: String? { commandLineName ?? flags.first?.name }

  /// This setting, named `name` on the command line.
  func named(onCommandLine name: String) -> Setting {
    var named = self
    named.commandLineName = name
    return named
  }
}

/// A setting's row in the reference's table of keys: `| key | type | default | meaning |`.
package struct ReferenceRow: Sendable, Equatable {
  package var type: String
  package var defaultValue: String
  package var meaning: String

  /// The cells as the page writes them; the meaning in pieces, joined as they are.
  init(_ type: String, _ defaultValue: String, _ meaning: String...) {
    self.type = type
    self.defaultValue = defaultValue
    self.meaning = meaning.joined()
  }
}

/// What a flag's value is.
package enum FlagInput: Sendable, Equatable {
  /// One of a closed set; `labels` gives a value the words iOS uses where they differ.
  case choice([String], labels: [String: String] = [:])
  /// A color: `#RRGGBB`, `#RRGGBBAA` or a system color name.
  case color
  /// A text style, a Pango description or a JSON object.
  case font
  /// Free text (a label, the ellipsis, a language tag).
  case text
  /// A switch without a value.
  case toggle
  /// A number, within `range` when it has known bounds.
  case number(ClosedRange<Double>? = nil)
  /// A number the playground edits with a slider.
  case slider(ClosedRange<Double>)
  /// One number or numbers separated by commas (`--padding 8,16,8,16`: top, leading, bottom,
  /// trailing).
  case numbers

  /// How the text is written as a manifest value.
  var flagValue: FlagValue {
    switch self {
    case .choice, .color, .font, .text: .string
    case .toggle: .presence
    case .number, .slider: .number
    case .numbers: .numbers
    }
  }
}

extension FlagInput {
  /// A choice among `type`'s raw values.
  static func choice<T: CaseIterable & RawRepresentable>(
    of type: T.Type, labels: [String: String] = [:]
  ) -> FlagInput where T.RawValue == String {
    .choice(type.allCases.map(\.rawValue), labels: labels)
  }
}

/// Where "Copy as Swift" puts a flag's value.
package enum SwiftSpelling: Sendable, Equatable {
  /// A modifier of `ExpandableText`: `.lineLimit(2)`, `.markdown()`.
  case modifier(String)
  /// An argument of `RenderOptions(…)`, which takes them in ``optionOrder``'s order.
  case option(String)
  /// A field of the expand or collapse label's `TextSet` (`text`, `font`, `color`,
  /// `placement`), by the setting's key.
  case label(String)
  /// A property of the render options set after they are made: `options.legibilityWeight =
  /// .bold`.
  case property(String)
  /// The device: `options.apply(Device.named("iPhone 16 Pro")!)`, before a width or padding
  /// given too (which win over the device's, as in a manifest).
  case device
  /// A field of `.expandAnimation(…)`: `curve` or `duration`.
  case animation(String)

  /// `RenderOptions.init`'s parameters in order.
  package static let optionOrder = [
    "width", "scale", "appearance", "dynamicType", "padding", "background", "language",
  ]
}

/// How a flag's text is written as a manifest value, so that the manifest's reader checks it.
package enum FlagValue: Sendable, Equatable {
  /// A number when it reads as one (else a string, which the reader rejects with its message).
  case number
  /// The text, or `null`, or a JSON object when the text is one.
  case string
  /// A switch without a value: `true`.
  case presence
  /// One number, or numbers separated by commas as an array.
  case numbers

  func node(for text: String) -> JSONNode {
    switch self {
    case .string:
      // `null` and an object are written as the manifest writes them (`--background null`,
      // `--font '{"style": "body", "family": "Inter"}'`); anything else is the text itself.
      if text == "null" { return JSONNode(value: .null, offset: 0) }
      if text.hasPrefix("{"), let object = try? JSONReader.parse(Array(text.utf8)) {
        return object
      }
      return JSONNode(value: .string(text), offset: 0)
    case .presence: return JSONNode(value: .bool(true), offset: 0)
    case .number:
      guard let number = Double(text), number.isFinite else {
        return JSONNode(value: .string(text), offset: 0)
      }
      // The number as `render --text` reads it (`Double`: `+100`, `.5`, `100.`, `0x10`),
      // written in JSON's spelling when the text is not already one (the playground's item).
      if case .number = (try? JSONReader.parse(Array(text.utf8)))?.value {
        return JSONNode(value: .number(number, text), offset: 0)
      }
      let spelled =
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
      return JSONNode(value: .number(number, spelled), offset: 0)
    case .numbers:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard parts.count > 1 else { return FlagValue.number.node(for: text) }
      return JSONNode(value: .array(parts.map { FlagValue.number.node(for: $0) }), offset: 0)
    }
  }
}

extension Setting {
  /// A setting stored in an optional field of ``ComponentSettings``: merging keeps the
  /// override's value, else the base's.
  static func field<Value: Sendable>(
    _ field: WritableKeyPath<ComponentSettings, Value?> & Sendable, key: String,
    summary: String, defaultValue: String, reference: ReferenceRow, flags: [Flag] = [],
    read: @escaping @Sendable (ObjectReader, String) throws(ManifestError) -> Value?,
    apply: @escaping @Sendable (Value, inout ExpandableText, inout RenderOptions) -> Void
  ) -> Setting {
    Setting(
      key: key, summary: summary, defaultValue: defaultValue, reference: reference,
      flags: flags.map { flag in
        var flag = flag
        if flag.path.isEmpty { flag.path = key }
        return flag
      },
      read: { object, settings throws(ManifestError) in
        settings[keyPath: field] = try read(object, key)
      },
      merge: { merged, base in
        if merged[keyPath: field] == nil { merged[keyPath: field] = base[keyPath: field] }
      },
      apply: { settings, component, options in
        if let value = settings[keyPath: field] { apply(value, &component, &options) }
      })
  }

  /// A field whose manifest value one check of ``ValueReader`` reads (`ValueReader.width`),
  /// under the reader that names the key.
  static func field<Value: Sendable>(
    _ field: WritableKeyPath<ComponentSettings, Value?> & Sendable, key: String,
    summary: String, defaultValue: String, reference: ReferenceRow, flags: [Flag] = [],
    read check: @escaping @Sendable (ValueReader) -> (JSONNode) throws(ManifestError) -> Value,
    apply: @escaping @Sendable (Value, inout ExpandableText, inout RenderOptions) -> Void
  ) -> Setting {
    .field(
      field, key: key, summary: summary, defaultValue: defaultValue, reference: reference,
      flags: flags,
      read: { object, key throws(ManifestError) in
        try object.read(key) { reader, node throws(ManifestError) in try check(reader)(node) }
      }, apply: apply)
  }
}

/// A setting's value whose fields an override replaces one by one (a label, the animation).
protocol MergedFieldByField: Sendable {
  func overridden(by other: Self) -> Self
}

extension LabelSettings: MergedFieldByField {}
extension AnimationSettings: MergedFieldByField {}

extension Setting {
  /// Merges `field` field by field where both sides set it, else keeps the override's value.
  static func mergeFields<Value: MergedFieldByField>(
    _ field: WritableKeyPath<ComponentSettings, Value?> & Sendable
  ) -> @Sendable (inout ComponentSettings, ComponentSettings) -> Void {
    { merged, base in
      switch (base[keyPath: field], merged[keyPath: field]) {
      case (let base?, let override?): merged[keyPath: field] = base.overridden(by: override)
      case (let base, let override): merged[keyPath: field] = override ?? base
      }
    }
  }

  /// The same for a value that may be `null`: `null` on either side replaces whole.
  static func mergeFields<Value: MergedFieldByField>(
    _ field: WritableKeyPath<ComponentSettings, Nullable<Value>?> & Sendable
  ) -> @Sendable (inout ComponentSettings, ComponentSettings) -> Void {
    { merged, base in
      switch (base[keyPath: field], merged[keyPath: field]) {
      case (.value(let base)?, .value(let override)?):
        merged[keyPath: field] = .value(base.overridden(by: override))
      case (let base, let override): merged[keyPath: field] = override ?? base
      }
    }
  }
}
