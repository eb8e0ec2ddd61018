import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewCLI

/// The job key covers every input of a job's bytes: each setting of the table, the text, the
/// tool's build, the libraries and the font files; equal inputs give equal keys.
@Suite struct JobKeyTests {
  static let context = KeyContext(
    toolBuild: "build-a",
    libraries: LibraryVersions(
      pango: "1.50.12", cairo: "1.16.0", harfbuzz: "6.0.0", freetype: "2.12.1",
      fontconfig: "2.14.1"),
    fontSet: "fonts-a")

  /// A value other than the default for every key of the settings table.
  static let changed: [String: String] = [
    "style": #""ellipsis""#, "lineLimit": "5", "font": #""DejaVu Sans 20""#,
    "color": ##""#FF0000""##, "lineSpacing": "4", "ellipsis": #""… ""#,
    "cutsAtWordBoundaries": "true", "direction": #""rightToLeft""#, "markdown": "true",
    "tint": ##""#00FF00""##, "formats": #"["png", "svg"]"#, "language": #""ja""#,
    "expandButton": #"{"text": "Read more"}"#, "collapseButton": #""Less""#, "width": "200",
    "scale": "3", "appearance": #""dark""#, "dynamicType": #""xLarge""#, "padding": "8",
    "background": ##""#000000""##, "animation": #""easeIn""#, "states": #"["expanded"]"#,
    "legibilityWeight": #""bold""#, "colorSchemeContrast": #""increased""#,
    "accessibilityReduceMotion": "true", "accessibilityOverlay": "true", "device": #""iPhone SE""#,
  ]

  static func keys(item extra: String, text: String = "Some words to lay out.") throws
    -> [String]
  {
    let json =
      #"{"items": [{"name": "a", "text": "\#(text)""# + (extra.isEmpty ? "" : ", " + extra)
      + "}]}"
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    return RenderJob.jobs(for: manifest.items[0], itemIndex: 0).map {
      JobKey.of($0, in: context)
    }
  }

  @Test func changingAnySingleSettingChangesTheKey() throws {
    let tableKeys = Set(ComponentSettings.keys)
    // A setting added to the table needs a value here, or this test would not cover it.
    #expect(Set(Self.changed.keys) == tableKeys)
    let base = try Self.keys(item: "")
    for (key, value) in Self.changed.sorted(by: { $0.key < $1.key }) {
      let keys = try Self.keys(item: "\"\(key)\": \(value)")
      #expect(keys[0] != base[0], "\(key)")
      // Fewer states leave the remaining state's job as it was: the same key is right there.
      if key != "states" { #expect(Set(keys).isDisjoint(with: base), "\(key)") }
    }
  }

  @Test func changingTheTextChangesTheKeyAndEqualInputsGiveEqualKeys() throws {
    let base = try Self.keys(item: "")
    #expect(try Self.keys(item: "") == base)
    #expect(Set(base).count == base.count)
    #expect(try Self.keys(item: "", text: "Some words to lay out!")[0] != base[0])
  }

  @Test func aComponentDescribedOnceForItsItemGivesTheSameKey() throws {
    let json =
      #"{"variants": {"appearance": ["light", "dark"]}, "items": [{"name": "a", "text": "Words."}]}"#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let jobs = RenderJob.jobs(for: manifest.items[0], itemIndex: 0)
    let described = String(reflecting: jobs[0].component)
    #expect(jobs.count == 4)
    for job in jobs {
      #expect(
        JobKey.of(job, in: Self.context, component: described) == JobKey.of(job, in: Self.context))
    }
  }

  @Test func theBuildTheLibrariesAndTheFontsAreInTheKey() throws {
    let json = #"{"items": [{"name": "a", "text": "Words."}]}"#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let job = RenderJob.job(for: manifest.items[0], itemIndex: 0, at: 0)
    let base = JobKey.of(job, in: Self.context)
    var build = Self.context
    build.toolBuild = "build-b"
    var libraries = Self.context
    libraries.libraries.pango = "1.52.0"
    var fonts = Self.context
    fonts.fontSet = "fonts-b"
    let keys = [base] + [build, libraries, fonts].map { JobKey.of(job, in: $0) }
    #expect(Set(keys).count == 4)
  }

  @Test func aFontFilesBytesDecideTheFontSetHashNotItsPath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "job-key-fonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = try #require(Renderer().pinnedFontFiles.first)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: font))
    let copy = folder.appendingPathComponent("copy.ttf")
    try bytes.write(to: copy)
    let original = try KeyContext.fontSetHash(of: [font])
    #expect(try KeyContext.fontSetHash(of: [copy.path]) == original)
    var edited = bytes
    edited[edited.count - 1] ^= 1
    try edited.write(to: copy)
    #expect(try KeyContext.fontSetHash(of: [copy.path]) != original)
    #expect(try KeyContext.fontSetHash(of: [font, copy.path]) != original)
  }

  @Test func theToolBuildIsTheRunningExecutablesHash() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))
    #expect(ToolBuild.identifier == SHA256Digest.hex(of: bytes))
    #expect(ToolBuild.identifier.count == 64)
  }
}
