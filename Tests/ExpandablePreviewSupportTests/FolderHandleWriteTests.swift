import ExpandablePreviewSupport
import Foundation
import Testing

/// The output folder's write path: an item's folder made with one call (never through a
/// link), and files written atomically (the complete bytes under the name, no temporary file
/// left, the stamp that of the file now there).
@Suite struct FolderHandleWriteTests {
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folder-handle-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func ensureSubfolderCreatesOnceAndRefusesALink() throws {
    let url = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: url) }
    let folder = try FolderHandle(path: url.path)
    #expect(try folder.ensureSubfolder("item") == true)
    #expect(try folder.ensureSubfolder("item") == false)
    // Looked for first: the same answers.
    #expect(try folder.ensureSubfolder("item", likelyPresent: true) == false)
    #expect(try folder.ensureSubfolder("other", likelyPresent: true) == true)
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(
        atPath: url.appendingPathComponent("item").path, isDirectory: &isFolder)
        && isFolder.boolValue)

    // A link to a folder elsewhere is neither followed nor taken for the item's folder.
    let elsewhere = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    try FileManager.default.createSymbolicLink(
      at: url.appendingPathComponent("planted"), withDestinationURL: elsewhere)
    #expect(throws: FolderError.self) { try folder.ensureSubfolder("planted") }
    #expect(throws: FolderError.self) {
      try folder.ensureSubfolder("planted", likelyPresent: true)
    }
    do {
      _ = try folder.ensureSubfolder("planted")
    } catch {
      #expect(error.isLink)
    }
    // A file of that name is not a folder either.
    try Data("x".utf8).write(to: url.appendingPathComponent("file"))
    #expect(throws: FolderError.self) { try folder.ensureSubfolder("file") }
  }

  @Test func aWriteReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
    let url = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: url) }
    let folder = try FolderHandle(path: url.path)
    let item = try folder.subfolder("item")
    let first = Data(repeating: 1, count: 100_000)
    let second = Data(repeating: 2, count: 10)
    let stampOfFirst = try item.write(first, to: "a.png")
    #expect(item.contents(ofFile: "a.png") == first)
    #expect(item.stamp(ofFile: "a.png") == stampOfFirst)
    let stamp = try item.write(second, to: "a.png")
    #expect(item.contents(ofFile: "a.png") == second)
    // Replaced by a rename: another inode, and the stamp is the new file's.
    #expect(stamp.inode != stampOfFirst.inode)
    #expect(item.stamp(ofFile: "a.png") == stamp)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: url.appendingPathComponent("item").path)
    #expect(names == ["a.png"])
  }
}
