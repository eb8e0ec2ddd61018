import Foundation
import Testing

/// A run with a few items changed renders only their jobs, leaves every other file as it is,
/// and ends with the folder a fresh run would leave: items added, removed, renamed and
/// reordered, and the gallery kept only while its inputs and its file are the last run's.
@Suite struct OneEditRunTests {
  static let texts = ["One short line.", "A longer text that wraps at this narrow width, twice."]

  static func manifest(_ items: [(name: String, text: String)]) -> String {
    let listed = items.map { #"{"name": "\#($0.name)", "text": "\#($0.text)"}"# }
    return #"{"defaults": {"width": 200, "scale": 1, "lineLimit": 2}, "items": ["#
      + listed.joined(separator: ", ") + "]}"
  }

  /// Renders `items` into `out` (the folder kept from run to run) and into a new folder, and
  /// checks that both hold the same gallery and layout files; the summary's first line.
  static func render(_ scratch: Scratch, _ items: [(name: String, text: String)]) throws
    -> String
  {
    try scratch.write("m.json", manifest(items))
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 0, "\(run.stderr)")
    let fresh = "fresh-\(UUID().uuidString)"
    let again = try scratch.run("render", "m.json", "--out", fresh, "--quiet")
    #expect(again.status == 0, "\(again.stderr)")
    let (kept, made) = (try scratch.files(in: "out"), try scratch.files(in: fresh))
    for (path, bytes) in made where !path.hasPrefix(".") {
      #expect(kept[path] == bytes, "\(path) differs from a fresh run's")
    }
    return run.stdout.split(separator: "\n").first { $0.hasPrefix("Rendered") }.map(String.init)
      ?? run.stdout
  }

  @Test func itemsAddedRemovedRenamedOrReorderedRenderOnlyTheirJobs() throws {
    let scratch = try Scratch()
    let (a, b) = (("a", Self.texts[0]), ("b", Self.texts[1]))
    #expect(try Self.render(scratch, [a, b]).hasPrefix("Rendered 4 of 4 files"))
    // Added: only its jobs.
    let c = ("c", "A third text.")
    #expect(try Self.render(scratch, [a, b, c]).hasPrefix("Rendered 2 of 6 files (4 unchanged)"))
    // Reordered: nothing to render, the gallery follows the new order.
    #expect(try Self.render(scratch, [c, a, b]).hasPrefix("Rendered 0 of 6 files (6 unchanged)"))
    // Renamed: the renamed item's jobs, as a new item's.
    let d = ("d", Self.texts[1])
    #expect(try Self.render(scratch, [c, a, d]).hasPrefix("Rendered 2 of 6 files (4 unchanged)"))
    // Removed: nothing to render; the gallery no longer lists it.
    #expect(try Self.render(scratch, [c, d]).hasPrefix("Rendered 0 of 4 files (4 unchanged)"))
    let gallery = try String(
      contentsOf: scratch.url.appendingPathComponent("out/index.html"), encoding: .utf8)
    #expect(!gallery.contains(">a</a>") && gallery.contains(">d</a>"), "\(gallery)")
  }

  @Test func aTextEditedRendersItsJobsAndLeavesTheGallery() throws {
    let scratch = try Scratch()
    let (a, b) = (("a", Self.texts[0]), ("b", Self.texts[1]))
    _ = try Self.render(scratch, [a, b])
    let gallery = scratch.url.appendingPathComponent("out/index.html")
    let inode = try FileManager.default.attributesOfItem(atPath: gallery.path)[.systemFileNumber]
    #expect(
      try Self.render(scratch, [a, ("b", Self.texts[1] + " More.")])
        .hasPrefix("Rendered 2 of 4 files (2 unchanged)"))
    let after = try FileManager.default.attributesOfItem(atPath: gallery.path)[.systemFileNumber]
    #expect(after as? Int == inode as? Int)
  }

  /// The gallery is left unbuilt only while its file has the stamp the last run left it
  /// with: an edited, deleted or linked `index.html` is written again with the same inputs.
  @Test func aGalleryEditedDeletedOrLinkedIsWrittenAgain() throws {
    let scratch = try Scratch()
    let items = [("a", Self.texts[0]), ("b", Self.texts[1])]
    _ = try Self.render(scratch, items)
    let gallery = scratch.url.appendingPathComponent("out/index.html")
    let original = try Data(contentsOf: gallery)
    // A text edited too, so the run is not short-cut and its gallery inputs are the last run's.
    var text = Self.texts[1]
    for change in ["edited", "deleted", "linked"] {
      switch change {
      // Still the tool's page (a foreign file there is never replaced), one byte more.
      case "edited": try (original + Data("\n".utf8)).write(to: gallery)
      case "deleted": try FileManager.default.removeItem(at: gallery)
      default:
        let elsewhere = scratch.url.appendingPathComponent("elsewhere.html")
        try original.write(to: elsewhere)
        try FileManager.default.removeItem(at: gallery)
        try FileManager.default.createSymbolicLink(at: gallery, withDestinationURL: elsewhere)
      }
      text += " More."
      #expect(
        try Self.render(scratch, [items[0], ("b", text)])
          .hasPrefix("Rendered 2 of 4 files (2 unchanged)"), "\(change)")
      #expect(try Data(contentsOf: gallery) == original, "\(change)")
      let kind =
        try FileManager.default.attributesOfItem(atPath: gallery.path)[.type] as? FileAttributeType
      #expect(kind == .typeRegular, "\(change)")
    }
  }
}
