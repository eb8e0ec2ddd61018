import ExpandablePreview
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// Served paths: only plain names, decoded one segment at a time, and no link followed.
@Suite struct ServedFileTests {
  @Test func plainPathsAreSplitIntoDecodedNames() {
    #expect(
      ServedFile.segments("item/collapsed-light@2x.png") == ["item", "collapsed-light@2x.png"])
    #expect(ServedFile.segments("my%20item/a.png") == ["my item", "a.png"])
  }

  @Test func dotsEmptySegmentsAndEncodedSeparatorsAreRefused() {
    for path in [
      "..", "../x", "a/../x", "%2e%2e/x", "%2E%2e", ".%2e/x", "a/./b", "", "a//b", "/a",
      "a%2fb", "..%2Fx", "a%00b", "a%5cb", ".hidden", "a/.git/config", "%zz",
    ] {
      #expect(ServedFile.segments(path) == nil, "\(path)")
    }
  }

  @Test func filesAreReadInsideTheFolderButNotThroughLinks() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("served-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: root) }
    let inside = root.appendingPathComponent("served")
    try FileManager.default.createDirectory(
      at: inside.appendingPathComponent("item"), withIntermediateDirectories: true)
    try Data("inside".utf8).write(to: inside.appendingPathComponent("item/a.png"))
    try Data("outside".utf8).write(to: root.appendingPathComponent("secret"))
    try FileManager.default.createSymbolicLink(
      at: inside.appendingPathComponent("link.png"),
      withDestinationURL: root.appendingPathComponent("secret"))
    try FileManager.default.createSymbolicLink(
      at: inside.appendingPathComponent("folder"), withDestinationURL: root)
    let folder = try FolderHandle(path: inside.path)
    #expect(ServedFile.read("item/a.png", below: folder) == Data("inside".utf8))
    #expect(ServedFile.read("link.png", below: folder) == nil)
    #expect(ServedFile.read("folder/secret", below: folder) == nil)
    #expect(ServedFile.read("item", below: folder) == nil)
    #expect(ServedFile.read("missing.png", below: folder) == nil)
  }

  @Test func aServedFileTakesMemoryByItsSizeNotByTheLimit() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("served-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let bytes = Data((0..<638).map { UInt8($0 % 251) })
    try bytes.write(to: root.appendingPathComponent("a.png"))
    let folder = try FolderHandle(path: root.path)
    // A buffer of the limit's size (1 TiB) could not be allocated.
    #expect(folder.prefix(ofFile: "a.png", limit: 1 << 40) == bytes)
    #expect(folder.prefix(ofFile: "a.png", limit: 100) == bytes.prefix(100))
  }

  @Test func snapshotsAreServedAsDataOnly() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("served-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for name in ["a.png", "a.json", "a.html", "a.svg", "a.js"] {
      try Data("<script>".utf8).write(to: root.appendingPathComponent(name))
    }
    let folder = try FolderHandle(path: root.path)
    for (name, type) in [("a.png", "image/png"), ("a.json", "application/json")] {
      let response = try #require(ServedFile.snapshot(name, below: folder))
      #expect(response.status == 200 && response.contentType == type)
      #expect(
        response.headers.contains {
          $0.name == "Content-Security-Policy" && $0.value.hasPrefix("sandbox")
        })
    }
    for name in ["a.html", "a.svg", "a.js", "a%2Ehtml"] {
      #expect(ServedFile.snapshot(name, below: folder)?.status == 403, "\(name)")
    }
  }
}
