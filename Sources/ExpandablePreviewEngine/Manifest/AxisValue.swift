/// One variant axis's value with its type erased, so that ``Variant``, ``VariantMatrix`` and
/// ``VariantAxes`` hold every axis the same way and name none: the axis's declaration
/// (``VariantAxis/all``) is the only code that knows the type, and ``VariantAxis/Slot`` reads
/// it back typed where the engine needs one axis by name.
struct AxisValue: Sendable, Hashable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) { self.base = base }

  /// The value as the declaration's type; a wrong type is a programming error.
  func typed<Value>(as type: Value.Type = Value.self) -> Value { base as! Value }

  static func == (lhs: AxisValue, rhs: AxisValue) -> Bool {
    func equals<Left: Hashable>(_ left: Left) -> Bool { (rhs.base as? Left) == left }
    return equals(lhs.base)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(base) }
}
