internal import CSoup
import Foundation

/// Watches files through GIO monitors on their folders (editors save by writing a new file and
/// renaming it over the old one, which a monitor on the file itself would lose), and calls
/// `changed` once per burst of events, `debounce` after the last one. Owns the monitors (unreffed
/// in `deinit`, after their handlers are disconnected) and the pending timeout. Made and used on
/// the ``MainLoopThread``, whose context the monitors deliver to.
final class FileWatcher {
  static let debounceMilliseconds: guint = 150

  private var monitors: [(monitor: UnsafeMutablePointer<GFileMonitor>, handler: gulong)] = []
  private var watched: Set<String> = []
  private var folders: Set<String> = []
  private var pending: UnsafeMutablePointer<GSource>?
  private let changed: () -> Void

  init(changed: @escaping () -> Void) {
    self.changed = changed
  }

  deinit {
    cancelPending()
    for (monitor, handler) in monitors {
      g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
      g_file_monitor_cancel(monitor)
      g_object_unref(UnsafeMutableRawPointer(monitor))
    }
  }

  /// Watches `files` (absolute paths) from now on, besides those already watched.
  func watch(_ files: [String]) {
    watched.formUnion(files)
    for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }) {
      guard folders.insert(folder).inserted else { continue }
      let file = g_file_new_for_path(folder)
      defer { g_object_unref(UnsafeMutableRawPointer(file)) }
      guard
        let monitor = g_file_monitor_directory(
          file, G_FILE_MONITOR_WATCH_MOVES, nil, nil)
      else { continue }
      typealias Handler =
        @convention(c) (
          OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?
        ) -> Void
      let onChange: Handler = { _, file, other, _, data in
        guard let watcher = CallbackBox<WeakWatcher>.value(data).watcher else { return }
        let paths = [file, other].compactMap { $0 }.compactMap { gfile -> String? in
          guard let path = g_file_get_path(gfile) else { return nil }
          defer { g_free(path) }
          return String(cString: path)
        }
        watcher.noticed(paths)
      }
      let handler = g_signal_connect_data(
        UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(onChange, to: GCallback.self),
        CallbackBox.retained(WeakWatcher(self)),
        { data, _ in CallbackBox<WeakWatcher>.release(data) }, GConnectFlags(0))
      monitors.append((monitor, handler))
    }
  }

  private func noticed(_ paths: [String]) {
    guard paths.contains(where: watched.contains) else { return }
    cancelPending()
    let source = g_timeout_source_new(Self.debounceMilliseconds)!
    g_source_set_callback(
      source,
      { data in
        CallbackBox<WeakWatcher>.value(data).watcher?.fire()
        return 0  // G_SOURCE_REMOVE
      }, CallbackBox.retained(WeakWatcher(self)), { CallbackBox<WeakWatcher>.release($0) })
    g_source_attach(source, g_main_context_get_thread_default())
    pending = source
  }

  private func fire() {
    if let pending { g_source_unref(pending) }
    pending = nil
    changed()
  }

  private func cancelPending() {
    guard let pending else { return }
    g_source_destroy(pending)
    g_source_unref(pending)
    self.pending = nil
  }
}

/// The callbacks' user data: the watcher without keeping it alive.
private final class WeakWatcher {
  weak var watcher: FileWatcher?
  init(_ watcher: FileWatcher) { self.watcher = watcher }
}
