import ExpandablePreviewCLI
import Foundation

/// `expandable-preview serve`: starts the workbench, prints its URL and runs until SIGINT or
/// SIGTERM.
package enum ServeCommand {
  package static let help = """
    USAGE: expandable-preview serve [MANIFEST] [--port N] [--host ADDRESS] [--jobs N]
                                    [--snapshots DIR]

    Starts the live workbench and prints its address (with a random access token): a
    playground page with one control per setting that re-renders the collapsed and expanded
    states as you type. With a MANIFEST, also a gallery of its items that re-renders the items
    whose manifest entry or text file changes on disk (/gallery). Ctrl-C stops it.

    OPTIONS:
      --port N            The port; 0 (the default) picks a free one
      --host ADDRESS      Listen on this IP address instead of loopback (127.0.0.1 and ::1);
                          anyone who can reach it and has the token can use the workbench
      --jobs N            Render threads (default 2)
      --snapshots DIR     Serve the files of a snapshots folder (read-only) below /snapshots/
    """

  package static var command: ToolCommand { ToolCommand(help: help, run: run) }

  static func run(_ arguments: [String]) throws -> Int32 {
    var configuration = Workbench.Configuration()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      func value() throws -> String {
        guard let value = remaining.popFirst() else {
          throw UsageError("\(argument) needs a value")
        }
        return value
      }
      switch argument {
      case "--port":
        let text = try value()
        guard let port = Int(text), (0...65535).contains(port) else {
          throw UsageError("--port expects a port number from 0 to 65535, got '\(text)'")
        }
        configuration.port = port
      case "--host":
        configuration.host = try value()
      case "--jobs":
        let text = try value()
        guard let jobs = Int(text), (1...64).contains(jobs) else {
          throw UsageError("--jobs expects a whole number from 1 to 64, got '\(text)'")
        }
        configuration.workers = jobs
      case "--snapshots":
        configuration.snapshots = try value()
      case _ where !argument.hasPrefix("-") && configuration.manifest == nil:
        configuration.manifest = argument
      default:
        throw UsageError("unknown option '\(argument)' for serve; see 'serve --help'")
      }
    }
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
