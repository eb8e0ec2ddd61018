import ExpandablePreview
import ExpandablePreviewSupport

/// One variant axis, declared once in ``all``: its key under `variants` (the setting it varies
/// has the same key and flag), how its values are read, the render option it sets, its part of
/// a file name and how that part reads back, its fields in the job key and in layout.json, and
/// its value as the playground's flag text. ``Variant``, ``VariantMatrix`` and ``VariantAxes``
/// hold each axis's values by its position in ``all`` (``AxisValue``), so an axis is added by
/// its declaration here and the renderer's option it sets, nothing else.
///
/// A class: the hot loops over ``all`` (a job's key, options and file name) copy one reference
/// per axis, not a dozen closures.
final class VariantAxis: Sendable {
  /// `appearance`: the key under `variants`, of the setting, and of the layout record's field.
  let key: String
  /// The axis's place in ``all``: where ``Variant`` keeps its value, ``VariantMatrix`` and
  /// ``VariantAxes`` its values.
  let index: Int
  /// Everything else the axis is declared with: its values, how they are read, set, named,
  /// parsed back, keyed, recorded and given as a flag.
  let declared: Declaration

  /// The axis `declared`, at place `index` of ``all``.
  init(_ declared: Declaration, index: Int) {
    key = declared.key
    self.index = index
    self.declared = declared
  }

  /// What an axis is declared with in ``all``: the axis without its place.
  struct Declaration: Sendable {
    let key: String
    /// Every value the axis declares: a closed set's all, a whole and a fractional width (the
    /// test of the whole variant space reads them).
    let values: [AxisValue]
    /// Reads the axis's values from a `variants` object; nil when it lists none.
    let read: @Sendable (ObjectReader) throws(ManifestError) -> [AxisValue]?
    /// The value of a render that lists none: the options' own (no device, for the device).
    let single: @Sendable (RenderOptions) -> AxisValue
    /// Sets the render option the axis varies; nil when it sets no option of its own.
    let setOption: (@Sendable (AxisValue, inout RenderOptions) -> Void)?
    /// Changes other options once every axis set its own (a device sets the width and the
    /// margins the item does not give); returns whether it changed any.
    let adjust: (@Sendable (AxisValue, inout RenderOptions, ManifestItem) -> Bool)?
    /// The value's part of a file name; nil when it has none (no device; the scale, which
    /// `@Nx` names).
    let part: @Sendable (AxisValue) -> String?
    /// The value `part` names when it is exactly one this axis writes.
    let parse: @Sendable (Substring) -> AxisValue?
    /// Writes the value into a job key, under the axis's key.
    let writeKey: @Sendable (AxisValue, SHA256Digest) -> Void
    /// The value in layout.json's `variant`; nil where the record leaves it out (a default
    /// accessibility setting, no device), so older records stay as they were.
    let record: @Sendable (AxisValue) -> (any Encodable & Sendable)?
    /// The value as the text of the setting's flag (`--width 327.5`); nil: no flag to give.
    let flagText: @Sendable (AxisValue) -> String?
  }
}

extension VariantAxis {
  /// Whether file names carry this axis: it has more than one value.
  func isVaried(_ matrix: VariantMatrix) -> Bool { matrix.values[index].count > 1 }

  /// The part `variant`'s value of this axis writes (``part``).
  func part(of variant: Variant) -> String? { declared.part(variant.values[index]) }

  /// The setting's flag this axis's value is given with (`--dynamic-type`).
  var flag: Setting.Flag? {
    ComponentSettings.table.first { $0.key == key }?.flags.first { $0.path == key }
  }

  /// The axes `declared`, each at its place in the list.
  static func numbered(_ declared: [Declaration]) -> [VariantAxis] {
    declared.enumerated().map { index, declaration in VariantAxis(declaration, index: index) }
  }
}

extension VariantAxis.Declaration {

  /// An axis of `type`'s values: `option`, when given, is the render option it sets and whose value a
  /// render without the axis has; without it the axis has `single` and sets options in
  /// `adjust`. The rest is declared by the value.
  static func axis<Value: Hashable & Sendable>(
    _ key: String, of type: Value.Type,
    option: (WritableKeyPath<RenderOptions, Value> & Sendable)? = nil,
    values: [Value], single: Value? = nil,
    adjust: (@Sendable (Value, inout RenderOptions, ManifestItem) -> Bool)? = nil,
    read check: @escaping @Sendable (ValueReader) -> (JSONNode) throws(ManifestError) -> Value,
    part: @escaping @Sendable (Value) -> String?,
    parse: @escaping @Sendable (Substring) -> Value?,
    writeKey: @escaping @Sendable (String, Value, SHA256Digest) -> Void,
    record: @escaping @Sendable (Value) -> (any Encodable & Sendable)?,
    flagText: @escaping @Sendable (Value) -> String?
  ) -> Self {
    precondition(option != nil || single != nil, "axis '\(key)' has no value of its own")
    let erase: @Sendable (Value) -> AxisValue = { AxisValue($0) }
    let fixed = single.map(erase)
    var setOption: (@Sendable (AxisValue, inout RenderOptions) -> Void)? = nil
    if let option {
      setOption = { value, options in options[keyPath: option] = value.typed(as: Value.self) }
    }
    var erasedAdjust: (@Sendable (AxisValue, inout RenderOptions, ManifestItem) -> Bool)? = nil
    if let adjust {
      erasedAdjust = { value, options, item in
        adjust(value.typed(as: Value.self), &options, item)
      }
    }
    return Self(
      key: key, values: values.map(erase),
      read: { object throws(ManifestError) -> [AxisValue]? in
        try object.read(key) { reader, node throws(ManifestError) -> [AxisValue] in
          try reader.axis(node, check(reader)).map(erase)
        }
      },
      single: { options in
        guard let option else { return fixed! }
        return AxisValue(options[keyPath: option])
      },
      setOption: setOption, adjust: erasedAdjust,
      part: { part($0.typed(as: Value.self)) },
      parse: { parse($0).map(erase) },
      writeKey: { writeKey(key, $0.typed(as: Value.self), $1) },
      record: { record($0.typed(as: Value.self)) },
      flagText: { flagText($0.typed(as: Value.self)) })
  }

  /// An axis over a closed set of named values (`light`, `dark`) that sets `option`: its part,
  /// its key field, its record and its flag text are the raw value. `omitted`, when given, is
  /// left out of layout.json's `variant`.
  static func choice<Value: RawRepresentable & CaseIterable & Hashable & Sendable>(
    _ key: String, option: WritableKeyPath<RenderOptions, Value> & Sendable,
    omitted: Value? = nil
  ) -> Self where Value.RawValue == String {
    axis(
      key, of: Value.self, option: option, values: Array(Value.allCases), read: ValueReader.choice,
      part: \.rawValue, parse: { Value(rawValue: String($0)) },
      writeKey: { name, value, digest in KeyFields.write(field: name, value.rawValue, to: digest) },
      record: { $0 == omitted ? nil : $0.rawValue }, flagText: \.rawValue)
  }
}
