import ExpandablePreviewCLI
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
    let id = UUID().uuidString
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(id).out")
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(id).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let status = try inProcessLock.withLock {
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
    try outHandle.close()
    try errHandle.close()
    return Output(
      status: status,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
