import ExpandablePreviewEngine
import Foundation

/// `expandable-preview serve`: starts the workbench, prints its URL and runs until SIGINT or
/// SIGTERM. The CLI reads its command line (`ServeOptions`); the executable hands the values
/// over, so neither face imports the other.
package enum ServeCommand {
  package static func run(
    manifest: String?, port: Int, host: String?, workers: Int, snapshots: String?,
    artifacts: String? = nil, opensBrowser: Bool
  ) throws -> Int32 {
    var configuration = Workbench.Configuration()
    configuration.manifest = manifest
    configuration.port = port
    configuration.host = host
    configuration.workers = workers
    configuration.snapshots = snapshots
    if let artifacts { configuration.artifacts = artifacts }
    if let manifest = configuration.manifest {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: manifest, isDirectory: &isFolder),
        !isFolder.boolValue
      else { throw EngineError("the manifest '\(manifest)' is not a file") }
    }
    if let host = configuration.host, isEveryAddress(host) {
      // Refused before the warning below and before a server is made: it could answer nothing.
      warn(
        "error: --host \(host) is every address, and the workbench answers only requests made "
          + "to the address it listens on: give one address of this machine, or leave --host "
          + "out for loopback")
      return 2
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
    let redirect =
      opensBrowser ? openInBrowser(workbench.url(host: configuration.host)) : nil
    workbench.loop.wait()
    workbench.finish()
    redirect?.remove()
    print("Stopped.")
    return 0
  }

  /// Whether `host` is a loopback address (127.0.0.0/8 or ::1).
  /// Whether `host` is an IPv4 or IPv6 address meaning every address (`0.0.0.0`, `::`, any
  /// spelling of them), read as the listener reads it (`inet_pton`).
  static func isEveryAddress(_ host: String) -> Bool {
    var v4 = in_addr()
    if inet_pton(AF_INET, host, &v4) == 1 { return v4.s_addr == 0 }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
    return withUnsafeBytes(of: &v6) { $0.allSatisfy { $0 == 0 } }
  }

  static func isLoopback(_ host: String) -> Bool {
    host == "::1" || host.hasPrefix("127.") || host == "localhost"
  }

  /// Opens `url` with `xdg-open` (found on `searchPath`, PATH by default) and does not wait for
  /// the browser; a machine without one gets a warning, and the server runs on. The opener gets
  /// the `file://` address of a ``RedirectPage`` below `pageParent`, never `url` itself (its
  /// token would be on a command line). Returns the page, for the caller to remove at the end,
  /// when an opener was started.
  static func openInBrowser(
    _ url: String, searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "",
    pageParent: String = RedirectPage.defaultParent()
  ) -> RedirectPage? {
    let folders = searchPath.split(separator: ":")
    guard
      let opener = folders.map({ "\($0)/xdg-open" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      warn("warning: --open: no xdg-open on PATH; open the address above yourself")
      return nil
    }
    let page: RedirectPage
    do { page = try RedirectPage(forwardingTo: url, below: pageParent) } catch {
      warn("warning: --open: \(error); open the address above yourself")
      return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [page.file.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return page
    } catch {
      page.remove()
      warn("warning: --open: \(opener): \(error)")
      return nil
    }
  }

  private static func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
