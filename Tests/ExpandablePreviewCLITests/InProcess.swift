import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation

extension CLI {
  /// One in-process run at a time: the working folder and the tool's output streams are the
  /// process's, not the test's.
  private static let inProcessLock = NSLock()

  /// Runs the tool's command line in this process through `runTool`, in `folder`, with the
  /// environment a child would get (``environment(_:)``), its output captured through files.
  /// For every case that needs no process of its own: no signal, pipe, resource limit, child
  /// environment (fontconfig, locale, `TMPDIR`) or second process.
  static func runInProcess(
    _ arguments: [String], in folder: URL, environment extra: [String: String] = [:]
  ) throws -> Output {
    try capturingOutput { outHandle, errHandle in
      try inProcessLock.withLock {
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
          throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return runTool(
          arguments,
          streams: ToolStreams(output: outHandle.fileDescriptor, error: errHandle.fileDescriptor),
          environment: environment(extra))
      }
    }
  }
}
