internal import CPangoCairo
internal import ExpandablePreviewSupport
import Foundation

/// Keeps fontconfig's process-wide ("current") configuration away from the user's files.
///
/// Why: every PangoCairo font map starts a thread that calls `FcInit`, and `FcInit` loads the
/// current configuration from `FONTCONFIG_FILE` (or the machine's files) unless one is set.
/// With that variable naming `/dev/zero` the pinned mode spun at 100 % CPU, with a FIFO it
/// waited for good, though no pinned render ever uses that configuration. So before the first
/// font map, the current configuration becomes an empty one of ours (`FcConfigCreate`,
/// `FcConfigSetCurrent`), and the system-fonts mode reads the machine's configuration into
/// a configuration of its own (``SystemFontConfig``) instead of using the current one.
enum ProcessFontConfig {
  private static let installed: Void = {
    guard let empty = FcConfigCreate() else { return }
    // FcConfigSetCurrent takes its own reference (fontconfig ≥ 2.13.1).
    FcConfigSetCurrent(empty)
    FcConfigDestroy(empty)
  }()

  /// Installs the empty current configuration, once per process; call before any font map.
  static func prepare() { _ = installed }
}

/// Owns the machine's fontconfig configuration for ``FontSet/system``, read once from the
/// usual files and `FONTCONFIG_FILE` (`FcInitLoadConfigAndFonts`; freed with
/// `FcConfigDestroy`), kept for the process's life as Pango's font maps keep references to it.
final class SystemFontConfig: FontConfigOwner, @unchecked Sendable {
  private let pointer: OpaquePointer

  private init() throws(RenderError) {
    // fontconfig reads `FONTCONFIG_FILE` whatever it is: /dev/zero spun and grew without
    // end, a FIFO blocked for good. Anything there but a regular file or folder is refused
    // first, as for the pinned set's files; a name fontconfig resolves itself (relative to
    // its configuration folder) is left to it.
    if let file = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"], !file.isEmpty {
      var status = stat()
      if stat(file, &status) == 0 {
        do throws(RenderError) { _ = try PrivateFontConfig.isFolder(file) } catch {
          // Named after the variable: the file is no manifest's.
          guard case .fontConfig(let problem) = error else { throw error }
          throw .fontConfig(
            FontConfigError(path: "FONTCONFIG_FILE=\(file)", problem.reason))
        }
      }
    }
    guard let config = FcInitLoadConfigAndFonts() else {
      throw .fontConfig(FontConfigError("FcInitLoadConfigAndFonts returned NULL"))
    }
    pointer = config
  }

  deinit { FcConfigDestroy(pointer) }

  private static let loaded = Locked<SystemFontConfig?>(nil)

  /// The machine's configuration, read on first use.
  static func shared() throws(RenderError) -> SystemFontConfig {
    try loaded.withLock { loaded throws(RenderError) in
      if let loaded { return loaded }
      let config = try SystemFontConfig()
      loaded = config
      return config
    }
  }

  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }
}

/// A class that owns an `FcConfig` and lends it to a closure.
protocol FontConfigOwner: AnyObject {
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R
}

/// Serializes the renders of ``FontSet/system`` in the process (a recursive lock, so a render
/// that renders again on its thread goes on).
///
/// Why: Cairo 1.16 opens system faces by file name, keeps at most ten open and closes one that
/// another thread is about to use; the pinned set avoids that by giving Cairo faces it opened
/// once (``OpenFaces``), which for the machine's hundreds of faces would cost hundreds of
/// megabytes. Parallel `--system-fonts` renders crashed (SIGSEGV) in about one run in fifteen.
enum SystemFontRenders {
  private static let lock = NSRecursiveLock()

  static func serialized<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
