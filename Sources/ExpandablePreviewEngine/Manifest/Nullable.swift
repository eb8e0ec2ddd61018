/// A manifest value that can be set to `null` on purpose, which is not the same as leaving the
/// key out: `"collapseButton": null` in an item removes a collapse button set in `defaults`.
package enum Nullable<Wrapped: Sendable>: Sendable {
  case null
  case value(Wrapped)

  /// The wrapped value, `nil` for `null`.
  package var wrapped: Wrapped? {
    if case .value(let value) = self { value } else { nil }
  }
}
