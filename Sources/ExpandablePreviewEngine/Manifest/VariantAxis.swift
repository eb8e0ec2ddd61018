import ExpandablePreview
import ExpandablePreviewSupport

/// One variant axis, declared once in ``all`` and typed there (``axis(_:option:values:single:adjust:read:part:parse:writeKey:record:flagText:partHelp:)``):
/// its key under `variants` (the setting it varies has the same key and flag), the ``Variant``
/// field that holds its value (``AxisField``), how its values are read, the render option it
/// sets, its part of a file name and how that part reads back, its fields in the job key and
/// in layout.json, and its value as the playground's flag text. The compiler checks each of
/// these against the field's type; this class keeps them as operations on a whole ``Variant``,
/// so the loops over ``all`` cast nothing.
///
/// A class: the hot loops over ``all`` (a job's key, options and file name) copy one reference
/// per axis, not a dozen closures.
final class VariantAxis: Sendable {
  /// `appearance`: the key under `variants`, of the setting, and of the layout record's field;
  /// where ``VariantMatrix`` and ``VariantAxes`` keep the axis's values.
  let key: String
  /// How a file name writes the value, for `render --help` (`width (w<points>)`); nil when
  /// the axis has no part (the scale, which `@Nx` names).
  let partHelp: String?
  /// Every value the axis declares, each in a variant that is `base` but for this axis: a
  /// closed set's all, a whole and a fractional width (the test of the whole variant space).
  let declaredValues: @Sendable (_ base: Variant) -> [Variant]
  /// Reads the axis's values from a `variants` object, each in an otherwise blank variant;
  /// nil when it lists none.
  let read: @Sendable (ObjectReader) throws(ManifestError) -> [Variant]?
  /// A blank variant with the value of a render that lists none: the options' own (no
  /// device, for the device).
  let single: @Sendable (RenderOptions) -> Variant
  /// Copies this axis's value from one variant into another.
  let copy: @Sendable (_ from: Variant, _ to: inout Variant) -> Void
  /// Whether the axis sets a render option of its own (the device does not).
  let setsOption: Bool
  /// Sets the render option the axis varies to the variant's value (nothing without one).
  let setOption: @Sendable (Variant, inout RenderOptions) -> Void
  /// Changes other options once every axis set its own (a device sets the width and the
  /// margins the item does not give); returns whether it changed any.
  let adjust: @Sendable (Variant, inout RenderOptions, ManifestItem) -> Bool
  /// The value's part of a file name; nil when it has none (no device; the scale).
  let part: @Sendable (Variant) -> String?
  /// Sets the value `part` names, when it is exactly one this axis writes; false otherwise.
  let parse: @Sendable (Substring, inout Variant) -> Bool
  /// Writes the value into a job key, under the axis's key.
  let writeKey: @Sendable (Variant, SHA256Digest) -> Void
  /// The value in layout.json's `variant`; nil where the record leaves it out (a default
  /// accessibility setting, no device), so older records stay as they were.
  let record: @Sendable (Variant) -> (any Encodable & Sendable)?
  /// The value as the text of the setting's flag (`--width 327.5`); nil: no flag to give.
  let flagText: @Sendable (Variant) -> String?

  /// Where a render that lists no value of an axis takes its one value from.
  enum Source<Value: Hashable & Sendable>: Sendable {
    /// The render option the axis sets: the options' own value.
    case option(WritableKeyPath<RenderOptions, Value> & Sendable)
    /// A value of its own (no device); such an axis sets options in `adjust`, if at all.
    case single(Value)
  }

  /// An axis of `field`'s values, whose one value without a list comes from `source`. The
  /// rest is declared by the value.
  static func axis<Value>(
    _ field: AxisField<Value>, _ source: Source<Value>, values: [Value],
    adjust: (@Sendable (Value, inout RenderOptions, ManifestItem) -> Bool)? = nil,
    read check: @escaping @Sendable (ValueReader) -> (JSONNode) throws(ManifestError) -> Value,
    part: @escaping @Sendable (Value) -> String?,
    parse: @escaping @Sendable (Substring) -> Value?,
    writeKey: @escaping @Sendable (String, Value, SHA256Digest) -> Void,
    record: @escaping @Sendable (Value) -> (any Encodable & Sendable)?,
    flagText: @escaping @Sendable (Value) -> String?,
    partHelp: String?
  ) -> VariantAxis {
    let key = field.key
    let fixed: @Sendable (RenderOptions) -> Value
    var option: (WritableKeyPath<RenderOptions, Value> & Sendable)? = nil
    switch source {
    case .option(let path):
      option = path
      fixed = { $0[keyPath: path] }
    case .single(let value):
      fixed = { _ in value }
    }
    var setOption: (@Sendable (Value, inout RenderOptions) -> Void)? = nil
    if let option { setOption = { value, options in options[keyPath: option] = value } }
    return VariantAxis(
      field, partHelp: partHelp, values: values,
      read: { object throws(ManifestError) -> [Value]? in
        try object.read(key) { reader, node throws(ManifestError) -> [Value] in
          try reader.axis(node, check(reader))
        }
      },
      single: fixed, setOption: setOption, adjust: adjust, part: part, parse: parse,
      writeKey: writeKey, record: record, flagText: flagText)
  }

  /// An axis over a closed set of named values (`light`, `dark`) that sets `option`: its part,
  /// its key field, its record and its flag text are the raw value. `omitted`, when given, is
  /// left out of layout.json's `variant`.
  static func choice<Value: RawRepresentable & CaseIterable & Hashable & Sendable>(
    _ field: AxisField<Value>, option: WritableKeyPath<RenderOptions, Value> & Sendable,
    omitted: Value? = nil
  ) -> VariantAxis where Value.RawValue == String {
    axis(
      field, .option(option), values: Array(Value.allCases), read: ValueReader.choice,
      part: \.rawValue, parse: { Value(rawValue: String($0)) },
      writeKey: { name, value, digest in KeyFields.write(field: name, value.rawValue, to: digest) },
      record: { $0 == omitted ? nil : $0.rawValue }, flagText: \.rawValue, partHelp: "")
  }

  private init<Value>(
    _ field: AxisField<Value>, partHelp: String?, values: [Value],
    read: @escaping @Sendable (ObjectReader) throws(ManifestError) -> [Value]?,
    single: @escaping @Sendable (RenderOptions) -> Value,
    setOption: (@Sendable (Value, inout RenderOptions) -> Void)?,
    adjust: (@Sendable (Value, inout RenderOptions, ManifestItem) -> Bool)?,
    part: @escaping @Sendable (Value) -> String?,
    parse: @escaping @Sendable (Substring) -> Value?,
    writeKey: @escaping @Sendable (String, Value, SHA256Digest) -> Void,
    record: @escaping @Sendable (Value) -> (any Encodable & Sendable)?,
    flagText: @escaping @Sendable (Value) -> String?
  ) {
    let key = field.key
    let path = field.path
    self.key = key
    self.partHelp = partHelp
    declaredValues = { base in values.map { base.with(field, $0) } }
    self.read = { object throws(ManifestError) in
      try read(object).map { $0.map(Variant.blank(field)) }
    }
    self.single = { Variant.blank(field)(single($0)) }
    copy = { from, to in to[keyPath: path] = from[keyPath: path] }
    setsOption = setOption != nil
    self.setOption = { variant, options in setOption?(variant[keyPath: path], &options) }
    self.adjust = { variant, options, item in
      adjust?(variant[keyPath: path], &options, item) ?? false
    }
    self.part = { part($0[keyPath: path]) }
    self.parse = { text, variant in
      guard let value = parse(text) else { return false }
      variant[keyPath: path] = value
      return true
    }
    self.writeKey = { writeKey(key, $0[keyPath: path], $1) }
    self.record = { record($0[keyPath: path]) }
    self.flagText = { flagText($0[keyPath: path]) }
  }
}

/// A variant axis's value in a ``Variant``, typed: the axis's key and its field. What the
/// engine reads of one axis by name (`variant[VariantAxis.scale]`, `matrix[VariantAxis.width]`)
/// is checked by the compiler, not looked up at run time.
struct AxisField<Value: Hashable & Sendable>: Sendable {
  let key: String
  let path: WritableKeyPath<Variant, Value> & Sendable

  init(_ key: String, _ path: WritableKeyPath<Variant, Value> & Sendable) {
    self.key = key
    self.path = path
  }
}

extension Variant {
  /// Makes blank variants (``Variant/init()``) with `field` set: how ``VariantMatrix`` and
  /// ``VariantAxes`` keep one axis's values typed without a field per axis.
  static func blank<Value>(_ field: AxisField<Value>) -> @Sendable (Value) -> Variant {
    { Variant().with(field, $0) }
  }

  /// This variant with `field` set to `value`.
  func with<Value>(_ field: AxisField<Value>, _ value: Value) -> Variant {
    var variant = self
    variant[keyPath: field.path] = value
    return variant
  }
}
