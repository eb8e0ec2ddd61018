import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewWorkbench

/// `serve --open`: `xdg-open` found on PATH gets a private page that forwards to the address;
/// without one the server runs on.
@Suite struct OpenInBrowserTests {
  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("open-in-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func xdgOpenGetsAPrivatePageThatForwardsToTheAddressNeverTheTokenItself() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let received = folder.appendingPathComponent("received")
    let opener = folder.appendingPathComponent("xdg-open")
    try
      "#!/bin/sh\nprintf '%s' \"$*\" > '\(received.path).part' && mv '\(received.path).part' '\(received.path)'\n"
      .write(to: opener, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let url = "http://127.0.0.1:8123/?token=abc123"
    let page = try #require(
      ServeCommand.openInBrowser(
        url, searchPath: "/nonexistent:\(folder.path)", pageParent: folder.path))
    // The opener runs on its own; wait for what it wrote (at most 10 s).
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: received.path) {
      usleep(50_000)
    }
    let arguments = try String(contentsOf: received, encoding: .utf8)
    #expect(arguments == page.file.absoluteString)
    #expect(!arguments.contains("abc123"))
    let html = try String(contentsOf: page.file, encoding: .utf8)
    #expect(html.contains("<meta http-equiv=\"refresh\" content=\"0;url=\(url)\">"))
    let fileMode = try FileManager.default.attributesOfItem(atPath: page.file.path)[
      .posixPermissions]
    let folderMode = try FileManager.default.attributesOfItem(atPath: page.folder.path)[
      .posixPermissions]
    #expect(fileMode as? Int == 0o600)
    #expect(folderMode as? Int == 0o700)
    page.remove()
    #expect(!FileManager.default.fileExists(atPath: page.folder.path))
  }

  @Test func withoutAnOpenerNothingIsStarted() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      ServeCommand.openInBrowser(
        "http://127.0.0.1:1/", searchPath: folder.path, pageParent: folder.path) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func openIsAFlagOfServe() throws {
    #expect(try ServeOptions.parse(["--open"]).opensBrowser)
    #expect(try !ServeOptions.parse([]).opensBrowser)
  }
}
