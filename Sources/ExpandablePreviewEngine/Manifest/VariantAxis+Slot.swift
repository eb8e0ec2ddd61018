extension VariantAxis {
  /// One axis of ``all`` by its key, typed: reads and sets its value in a ``Variant``, its
  /// values in a ``VariantMatrix`` and a ``VariantAxes``, where the engine needs that one axis
  /// (the scale of an `@Nx` suffix, the appearance of a gallery column).
  struct Slot<Value: Hashable & Sendable>: Sendable {
    let index: Int

    init(_ key: String) {
      guard let index = VariantAxis.all.firstIndex(where: { $0.key == key }) else {
        preconditionFailure("no variant axis '\(key)'")
      }
      self.index = index
    }
  }
}
