import ExpandablePreviewEngine
import Foundation

/// `expandable-preview serve`: starts the workbench, prints its URL and runs until SIGINT or
/// SIGTERM. The CLI reads its command line (`ServeOptions`); the executable hands the values
/// over, so neither face imports the other.
package enum ServeCommand {
  package static func run(
    manifest: String?, port: Int, host: String?, workers: Int, snapshots: String?,
    opensBrowser: Bool
  ) throws -> Int32 {
    var configuration = Workbench.Configuration()
    configuration.manifest = manifest
    configuration.port = port
    configuration.host = host
    configuration.workers = workers
    configuration.snapshots = snapshots
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
    if opensBrowser { openInBrowser(workbench.url(host: configuration.host)) }
    workbench.loop.wait()
    workbench.finish()
    print("Stopped.")
    return 0
  }

  /// Whether `host` is a loopback address (127.0.0.0/8 or ::1).
  static func isLoopback(_ host: String) -> Bool {
    host == "::1" || host.hasPrefix("127.") || host == "localhost"
  }

  /// Hands `url` to `xdg-open` (found on `searchPath`, PATH by default) and does not wait for
  /// the browser; a machine without one gets a warning, and the server runs on. Returns
  /// whether an opener was started.
  @discardableResult
  static func openInBrowser(
    _ url: String, searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? ""
  ) -> Bool {
    let folders = searchPath.split(separator: ":")
    guard
      let opener = folders.map({ "\($0)/xdg-open" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      warn("warning: --open: no xdg-open on PATH; open the address above yourself")
      return false
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      warn("warning: --open: \(opener): \(error)")
      return false
    }
  }

  private static func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
