import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewWorkbench

/// `serve --open`: the address goes to `xdg-open` found on PATH; without one the server runs on.
@Suite struct OpenInBrowserTests {
  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("open-in-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theAddressIsHandedToXdgOpenFoundOnThePath() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let received = folder.appendingPathComponent("received")
    let opener = folder.appendingPathComponent("xdg-open")
    try
      "#!/bin/sh\nprintf '%s' \"$1\" > '\(received.path).part' && mv '\(received.path).part' '\(received.path)'\n"
      .write(to: opener, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let url = "http://127.0.0.1:8123/?token=abc"
    #expect(ServeCommand.openInBrowser(url, searchPath: "/nonexistent:\(folder.path)"))
    // The opener runs on its own; wait for what it wrote (at most 10 s).
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: received.path) {
      usleep(50_000)
    }
    #expect(try String(contentsOf: received, encoding: .utf8) == url)
  }

  @Test func withoutAnOpenerNothingIsStarted() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(!ServeCommand.openInBrowser("http://127.0.0.1:1/", searchPath: folder.path))
  }

  @Test func openIsAFlagOfServe() throws {
    #expect(try ServeOptions.parse(["--open"]).opensBrowser)
    #expect(try !ServeOptions.parse([]).opensBrowser)
  }
}
