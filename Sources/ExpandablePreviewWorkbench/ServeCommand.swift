import ExpandablePreviewCLI
import Foundation

/// `expandable-preview serve`: starts the workbench, prints its URL and runs until SIGINT or
/// SIGTERM.
package enum ServeCommand {
  package static var command: ToolCommand { ToolCommand(run: run) }

  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try ServeOptions.parse(arguments)
    var configuration = Workbench.Configuration()
    configuration.manifest = options.manifest
    configuration.port = options.port
    configuration.host = options.host
    configuration.workers = options.jobs
    configuration.snapshots = options.snapshots
    if let manifest = configuration.manifest {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: manifest, isDirectory: &isFolder),
        !isFolder.boolValue
      else { throw UsageError("the manifest '\(manifest)' is not a file") }
    }
    if let host = configuration.host, !isLoopback(host) {
      warn(
        "warning: --host \(host) makes the workbench reachable from other machines; anyone "
          + "with the URL's token can use it")
    }
    let workbench: Workbench
    do {
      workbench = try Workbench.start(configuration) { warn("serve: \($0)") }
    } catch let error as WorkbenchError {
      warn("error: \(error)")
      return 2
    }
    workbench.loop.quitOnInterrupt { _ in }
    // Written unbuffered: a script reads the URL from a pipe while the server runs.
    var lines = "Workbench: \(workbench.url(host: configuration.host))\n"
    if configuration.manifest != nil {
      lines += "Gallery: \(workbench.url(host: configuration.host, page: "/gallery"))\n"
      if configuration.snapshots != nil {
        lines += "Review: \(workbench.url(host: configuration.host, page: "/review"))\n"
      }
    }
    FileHandle.standardOutput.write(Data((lines + "Press Ctrl-C to stop.\n").utf8))
    workbench.loop.wait()
    workbench.finish()
    print("Stopped.")
    return 0
  }

  /// Whether `host` is a loopback address (127.0.0.0/8 or ::1).
  static func isLoopback(_ host: String) -> Bool {
    host == "::1" || host.hasPrefix("127.") || host == "localhost"
  }

  private static func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
