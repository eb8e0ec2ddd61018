import Foundation
import Testing

/// `render --prune` says it removed only what it removed: a file behind an item folder that is
/// a symbolic link is left alone and not listed.
@Suite struct RenderPruneReportTests {
  static func manifest(_ names: [String]) -> String {
    let items = names.map { #"{"name": "\#($0)", "text": "Text of \#($0)"}"# }
    return #"{"defaults": {"width": 120, "scale": 1, "states": "collapsed"}, "items": ["#
      + items.joined(separator: ", ") + "]}"
  }

  @Test func aFileBehindASymlinkedFolderIsNeitherRemovedNorSaidRemoved() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(["kept", "gone", "gonelink"]))
    #expect(try scratch.run("render", "m.json", "--out", "out", "--quiet").status == 0)
    // gonelink's folder becomes a link to a folder elsewhere holding a file of that name.
    let fm = FileManager.default
    let elsewhere = scratch.url.appendingPathComponent("elsewhere")
    try fm.moveItem(at: scratch.url.appendingPathComponent("out/gonelink"), to: elsewhere)
    try fm.createSymbolicLink(
      at: scratch.url.appendingPathComponent("out/gonelink"), withDestinationURL: elsewhere)
    try scratch.write("m.json", Self.manifest(["kept"]))

    let pruned = try scratch.run("render", "m.json", "--out", "out", "--prune")
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(pruned.stdout.contains("gone/collapsed@1x.png"), "\(pruned.stdout)")
    #expect(!pruned.stdout.contains("gonelink/"), "\(pruned.stdout)")
    #expect(!fm.fileExists(atPath: scratch.url.appendingPathComponent("out/gone").path))
    #expect(fm.fileExists(atPath: elsewhere.appendingPathComponent("collapsed@1x.png").path))
  }
}
