import ExpandablePreview
import ExpandablePreviewSupport

/// One variant axis, declared once in ``all``: its key under `variants` (the setting it varies
/// has the same key and flag), how its values are read and merged, its place in the matrix, its
/// part of a file name and how that part reads back, its fields in the job key and in
/// layout.json, and its value as the playground's flag text. Every list of axes comes from
/// ``all``; the renderer's side (``RenderJob``, which sets the options from a variant) is the
/// only other place an axis is named.
struct VariantAxis: Sendable {
  /// `appearance`: the key under `variants`, of the setting, and of the layout record's field.
  let key: String
  /// Reads the axis's values from a `variants` object.
  let read: @Sendable (ObjectReader, inout VariantAxes) throws(ManifestError) -> Void
  /// Keeps `base`'s values where `merged` (a copy of the override) lists none.
  let merge: @Sendable (_ merged: inout VariantAxes, _ base: VariantAxes) -> Void
  /// Sets the matrix's values: the listed ones, or the options' single value.
  let fill: @Sendable (VariantAxes, RenderOptions, inout VariantMatrix) -> Void
  /// Sets the matrix's values to every value the axis declares: a closed set's all, a whole
  /// and a fractional width (the test of the whole variant space reads them).
  let fillAll: @Sendable (inout VariantMatrix) -> Void
  let count: @Sendable (VariantMatrix) -> Int
  /// Sets the variant's value to the matrix's value number `index`.
  let pick: @Sendable (VariantMatrix, Int, inout Variant) -> Void
  /// Copies the value of `from` into `to`.
  let copy: @Sendable (_ from: Variant, _ to: inout Variant) -> Void
  /// The variant's part of a file name; nil when it has none (a variant without a device; the
  /// scale, which `@Nx` names).
  let part: @Sendable (Variant) -> String?
  /// Sets the variant's value when `part` is exactly one this axis writes.
  let parse: @Sendable (Substring, inout Variant) -> Bool
  /// Writes the value into a job key, under the axis's key.
  let writeKey: @Sendable (Variant, SHA256Digest) -> Void
  /// The value in layout.json's `variant`; nil where the record leaves it out (a default
  /// accessibility setting, no device), so older records stay as they were.
  let record: @Sendable (Variant) -> (any Encodable & Sendable)?
  /// The value as the text of the setting's flag (`--width 327.5`); nil: no flag to give.
  let flagText: @Sendable (Variant) -> String?
}

extension VariantAxis {
  /// Whether file names carry this axis: it has more than one value.
  func isVaried(_ matrix: VariantMatrix) -> Bool { count(matrix) > 1 }

  /// The setting's flag this axis's value is given with (`--dynamic-type`).
  var flag: Setting.Flag? {
    ComponentSettings.table.first { $0.key == key }?.flags.first { $0.path == key }
  }

  /// An axis whose values are stored at `variant`, `matrix` and `axes`; the rest is declared
  /// by the value.
  static func axis<Value: Hashable & Sendable>(
    _ key: String, variant: WritableKeyPath<Variant, Value> & Sendable,
    matrix: WritableKeyPath<VariantMatrix, [Value]> & Sendable,
    axes: WritableKeyPath<VariantAxes, [Value]?> & Sendable,
    values: [Value], single: @escaping @Sendable (RenderOptions) -> Value,
    read check: @escaping @Sendable (ValueReader) -> (JSONNode) throws(ManifestError) -> Value,
    part: @escaping @Sendable (Value) -> String?,
    parse: @escaping @Sendable (Substring) -> Value?,
    writeKey: @escaping @Sendable (String, Value, SHA256Digest) -> Void,
    record: @escaping @Sendable (Value) -> (any Encodable & Sendable)?,
    flagText: @escaping @Sendable (Value) -> String?
  ) -> VariantAxis {
    VariantAxis(
      key: key,
      read: { object, target throws(ManifestError) in
        target[keyPath: axes] = try object.read(key) { reader, node throws(ManifestError) in
          try reader.axis(node, check(reader))
        }
      },
      merge: { merged, base in
        if merged[keyPath: axes] == nil { merged[keyPath: axes] = base[keyPath: axes] }
      },
      fill: { listed, options, target in
        target[keyPath: matrix] = listed[keyPath: axes] ?? [single(options)]
      },
      fillAll: { $0[keyPath: matrix] = values },
      count: { $0[keyPath: matrix].count },
      pick: { source, index, target in target[keyPath: variant] = source[keyPath: matrix][index] },
      copy: { from, to in to[keyPath: variant] = from[keyPath: variant] },
      part: { part($0[keyPath: variant]) },
      parse: { text, target in
        guard let value = parse(text) else { return false }
        target[keyPath: variant] = value
        return true
      },
      writeKey: { writeKey(key, $0[keyPath: variant], $1) },
      record: { record($0[keyPath: variant]) },
      flagText: { flagText($0[keyPath: variant]) })
  }

  /// An axis over a closed set of named values (`light`, `dark`): its part, its key field, its
  /// record and its flag text are the raw value. `omitted`, when given, is left out of
  /// layout.json's `variant`.
  static func choice<Value: RawRepresentable & CaseIterable & Hashable & Sendable>(
    _ key: String, variant: WritableKeyPath<Variant, Value> & Sendable,
    matrix: WritableKeyPath<VariantMatrix, [Value]> & Sendable,
    axes: WritableKeyPath<VariantAxes, [Value]?> & Sendable,
    single: @escaping @Sendable (RenderOptions) -> Value, omitted: Value? = nil
  ) -> VariantAxis where Value.RawValue == String {
    axis(
      key, variant: variant, matrix: matrix, axes: axes, values: Array(Value.allCases),
      single: single, read: ValueReader.choice, part: \.rawValue,
      parse: { Value(rawValue: String($0)) },
      writeKey: { name, value, digest in KeyFields.write(field: name, value.rawValue, to: digest) },
      record: { $0 == omitted ? nil : $0.rawValue }, flagText: \.rawValue)
  }
}
