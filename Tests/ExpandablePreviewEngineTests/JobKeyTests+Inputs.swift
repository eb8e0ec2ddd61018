import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The golden key, the text, the build, the libraries, the font files and the renderer identity.
extension JobKeyTests {
  @Test func changingAnyStoredFieldOfTheDiffOptionsChangesTheGoldenKey() throws {
    let job = try Self.job()
    let changes: [String: @Sendable (inout DiffOptions) -> Void] = [
      "diff.threshold": { $0.threshold += 0.1 },
      "diff.maxDiffPixels": { $0.maxDiffPixels += 1 },
      "diff.maxDiffRatio": { $0.maxDiffRatio += 0.1 },
      "diff.countsAntialiasing": { $0.countsAntialiasing.toggle() },
    ]
    #expect(Set(changes.keys) == Self.fieldPaths(of: DiffOptions(), prefix: "diff"))
    let base = GoldenKeyRecord.key(of: job, in: Self.context, diff: DiffOptions())
    #expect(base == GoldenKeyRecord.key(of: job, in: Self.context, diff: DiffOptions()))
    for (field, change) in changes.sorted(by: { $0.key < $1.key }) {
      var diff = DiffOptions()
      change(&diff)
      #expect(GoldenKeyRecord.key(of: job, in: Self.context, diff: diff) != base, "\(field)")
    }
    #expect(
      GoldenKeyRecord.key(of: job, in: Self.context, diff: DiffOptions(), compare: .pixels)
        != base)
  }

  /// Code that decides a verdict (the diff, the golden check) changes the golden key but not
  /// the job key: the files a job writes are the same, whether they match may not be.
  @Test func theVerdictsCodeIsInTheGoldenKeyOnly() throws {
    let job = try Self.job()
    var other = Self.context
    other.verdict = "verdict-b"
    #expect(JobKey.of(job, in: other) == JobKey.of(job, in: Self.context))
    #expect(
      GoldenKeyRecord.key(of: job, in: other, diff: DiffOptions())
        != GoldenKeyRecord.key(of: job, in: Self.context, diff: DiffOptions()))
  }

  @Test func changingTheTextChangesTheKeyAndEqualInputsGiveEqualKeys() throws {
    let base = try Self.keys(item: "")
    #expect(try Self.keys(item: "") == base)
    #expect(Set(base).count == base.count)
    #expect(try Self.keys(item: "", text: "Some words to lay out!")[0] != base[0])
  }

  @Test func aComponentKeyedOnceForItsItemGivesTheSameKey() throws {
    let json =
      #"{"variants": {"appearance": ["light", "dark"]}, "items": [{"name": "a", "text": "Words."}]}"#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let jobs = RenderJob.jobs(for: manifest.items[0], itemIndex: 0)
    let described = KeyFields.key(of: jobs[0].component)
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
    build.renderer = "renderer-b"
    var libraries = Self.context
    libraries.libraries.pango = "1.52.0"
    var fonts = Self.context
    fonts.fontSet = "fonts-b"
    var others: [KeyContext] = []
    for name in LibraryVersions.others.keys.sorted() {
      var context = Self.context
      context.otherLibraries[name, default: ""] += ".1"
      others.append(context)
    }
    let keys = [base] + ([build, libraries, fonts] + others).map { JobKey.of(job, in: $0) }
    #expect(Set(keys).count == 4 + LibraryVersions.others.count)
    #expect(
      Set(LibraryVersions.others.keys) == [
        "pixman", "FriBidi", "libdeflate", "libpng", "cmark-gfm",
      ])
    #expect(LibraryVersions.others.values.allSatisfy { !$0.isEmpty })
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

  /// A run's context carries the build-time identities (64 hex digits each), not anything of
  /// the running executable's file.
  @Test func aRunsContextCarriesTheRendererIdentity() throws {
    let context = try #require(try KeyContext.current(for: .standard))
    #expect(context.renderer == RendererIdentity.renderer)
    #expect(context.verdict == RendererIdentity.verdict)
    let hex = Set("0123456789abcdef")
    for identity in [RendererIdentity.renderer, RendererIdentity.verdict] {
      #expect(identity.count == 64 && identity.allSatisfy(hex.contains))
    }
    #expect(RendererIdentity.renderer != RendererIdentity.verdict)
    #expect(RendererIdentity.compiler.hasPrefix("Swift version "))
  }
}
