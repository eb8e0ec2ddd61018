internal import CSoup

/// A Swift value handed to a C callback as its `gpointer` user data: retained by
/// ``retained(_:)`` and released once, by the destroy notify the C side calls when it drops the
/// callback (``releaseNotify``).
final class CallbackBox<Value>: @unchecked Sendable {
  let value: Value

  private init(_ value: Value) { self.value = value }

  /// A +1 pointer to a box holding `value`, for a C callback's user data.
  static func retained(_ value: Value) -> gpointer {
    Unmanaged.passRetained(CallbackBox(value)).toOpaque()
  }

  /// The value behind user data made by ``retained(_:)``, without changing its count.
  static func value(_ pointer: gpointer?) -> Value {
    Unmanaged<CallbackBox>.fromOpaque(pointer!).takeUnretainedValue().value
  }

  /// Releases the box behind `pointer`: the destroy notify of a callback's user data.
  static func release(_ pointer: gpointer?) {
    guard let pointer else { return }
    Unmanaged<CallbackBox>.fromOpaque(pointer).release()
  }
}
