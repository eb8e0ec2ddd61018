internal import CSoup
import Foundation

/// A GLib main loop on its own thread, with its own `GMainContext` (owned here: unreffed in
/// `deinit`). libsoup and GIO do all their work on the thread that iterates the context they were
/// made under, so everything that touches them runs through ``sync(_:)`` or ``async(_:)``.
final class MainLoopThread: @unchecked Sendable {
  private let context: OpaquePointer
  private let loop: OpaquePointer
  private let finished = DispatchSemaphore(value: 0)

  init() {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    // The thread is the one user of both until it ends.
    nonisolated(unsafe) let context = context
    nonisolated(unsafe) let loop = loop
    let finished = finished
    let thread = Thread {
      // libsoup's server and sockets attach to the thread-default context.
      g_main_context_push_thread_default(context)
      g_main_loop_run(loop)
      g_main_context_pop_thread_default(context)
      finished.signal()
    }
    thread.name = "workbench main loop"
    thread.start()
  }

  deinit {
    g_main_loop_unref(loop)
    g_main_context_unref(context)
  }

  /// Whether the caller runs on the loop's thread (it owns the context while the loop runs).
  var isCurrentThread: Bool { g_main_context_is_owner(context) != 0 }

  /// Runs `work` on the loop's thread soon (`g_main_context_invoke_full`); safe from any thread.
  func async(_ work: @escaping @Sendable () -> Void) {
    let data = CallbackBox<@Sendable () -> Void>.retained(work)
    g_main_context_invoke_full(
      context, G_PRIORITY_DEFAULT,
      { data in
        CallbackBox<@Sendable () -> Void>.value(data)()
        return 0  // G_SOURCE_REMOVE
      }, data, { CallbackBox<@Sendable () -> Void>.release($0) })
  }

  /// Runs `work` on the loop's thread and returns its result; call it from another thread.
  func sync<Result>(_ work: @escaping () throws -> Result) throws -> Result {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Swift.Result<Result, any Error>?
    nonisolated(unsafe) let work = work
    async {
      outcome = Swift.Result { try work() }
      done.signal()
    }
    done.wait()
    return try outcome!.get()
  }

  /// Quits the loop when SIGINT or SIGTERM arrives (`g_unix_signal_source_new`, attached to this
  /// context, so the handler runs on the loop's thread).
  func quitOnInterrupt(_ onSignal: @escaping @Sendable (Int32) -> Void) {
    for number in [SIGINT, SIGTERM] {
      let source = g_unix_signal_source_new(number)!
      let data = CallbackBox<@Sendable () -> Void>.retained { [self] in
        onSignal(number)
        quit()
      }
      g_source_set_callback(
        source,
        { data in
          CallbackBox<@Sendable () -> Void>.value(data)()
          return 0
        }, data, { CallbackBox<@Sendable () -> Void>.release($0) })
      g_source_attach(source, context)
      g_source_unref(source)
    }
  }

  /// Asks the loop to stop; ``wait()`` returns once it has.
  func quit() { g_main_loop_quit(loop) }

  /// Blocks until the loop has stopped; returns at once on later calls.
  func wait() {
    finished.wait()
    finished.signal()
  }
}
