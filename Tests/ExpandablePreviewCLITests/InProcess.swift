import ExpandablePreviewCLI
import ExpandablePreviewDevTools
import ExpandablePreviewEngine
import Foundation

extension CLI {
  /// Runs the tool's command line in this process through `runTool`, in `folder` (the run's
  /// directory, not the process's: no `chdir`), with the environment a child would get
  /// (``environment(_:)``), its output captured through files. For every case that needs no
  /// process of its own: no signal, pipe, resource limit, child environment (fontconfig,
  /// locale, `TMPDIR`) or second process. Runs in parallel keep their own output and folder.
  /// With `developerTool`, the command line is `expandable-preview-dev`'s.
  static func runInProcess(
    _ arguments: [String], in folder: URL, environment extra: [String: String] = [:],
    developerTool: Bool = false
  ) throws -> Output {
    try capturingOutput { outHandle, errHandle in
      runTool(
        arguments, in: developerTool ? .developer : .standard,
        streams: ToolStreams(output: outHandle.fileDescriptor, error: errHandle.fileDescriptor),
        environment: environment(extra), directory: folder)
    }
  }
}
