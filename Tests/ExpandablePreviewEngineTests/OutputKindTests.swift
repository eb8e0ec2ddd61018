import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// A kind of output is declared once (``OutputKind`` with its ``FileLayoutPart``): `layout.json`'s
/// entry, the cache entry's layout and the cache's checks ask the part, so a kind declared here,
/// in the tests, goes through them with none of them knowing it.
@Suite struct OutputKindTests {
  /// A made-up third kind: a count of strokes, at most 10 bytes a file.
  struct Strokes: FileLayoutPart {
    var strokes: Int

    static var kind: OutputKind {
      OutputKind(name: "strokes", writesVectorsAndOverlay: false, layoutPart: Strokes.self) {
        _, _, _, _, _ in throw JobFailure.other("strokes are not drawn in tests")
      }
    }

    private enum Keys: String, CodingKey { case strokes, shownAs }

    func encodeEntry(to encoder: any Encoder, state: OutputState) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(strokes, forKey: .strokes)
      try container.encode(state.rawValue, forKey: .shownAs)
    }

    var isStillAnimation: Bool { strokes == 1 }

    func implausibility(for job: RenderJob) -> String? {
      strokes < 0 ? "a stroke count below zero" : nil
    }

    func maxBytes(of format: OutputFormat) -> Int { 10 }

    static func implausibility(
      bundledPart bytes: Data, files: [(name: String, size: Int)], for job: RenderJob
    ) -> String? { nil }
  }

  static func job() throws -> RenderJob {
    let manifest = try ManifestDecoder.decode(
      ManifestSource(
        path: "m.json", bytes: Array(#"{"items": [{"name": "a", "text": "Hi"}]}"#.utf8)))
    return RenderJob.jobs(for: manifest.items[0], itemIndex: 0)[0]
  }

  @Test func layoutJSONHoldsTheKindsOwnKeys() throws {
    let job = try Self.job()
    let data = try LayoutReport.fileData(
      name: "a", fontSet: .standard,
      entries: [LayoutReport.Entry(job, layout: FileLayout(Strokes(strokes: 3)))])
    let report = try #require(
      JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entry = try #require((report["renders"] as? [[String: Any]])?.first)
    #expect(
      Set(entry.keys) == ["file", "state", "variant", "strokes", "shownAs"],
      "no still's or animation's key")
    #expect(entry["strokes"] as? Int == 3)
    #expect(entry["shownAs"] as? String == job.state.rawValue)
  }

  @Test func aCacheEntryIsHeldToTheKindsOwnBounds() throws {
    let job = try Self.job()
    let files = job.writtenFormats.keys.sorted().map {
      CachedJobEntry.File(name: $0, sha256: String(repeating: "a", count: 64), size: 10)
    }
    let plausible = CachedJobEntry(
      files: files, stillAnimation: false, layout: FileLayout(Strokes(strokes: 2)))
    #expect(plausible.validated(for: job).map { _ in true } == .success(true))
    let forged = CachedJobEntry(
      files: files, stillAnimation: false, layout: FileLayout(Strokes(strokes: -1)))
    #expect(
      forged.validated(for: job).map { _ in true }
        == .failure(.implausible("a stroke count below zero")))
    var large = plausible
    large.files[0].size = 11
    #expect(large.validated(for: job).map { _ in true } == .failure(.tooLargeBlob(files[0].name)))
    #expect(FileLayout(Strokes(strokes: 1)).isStillAnimation)
  }

  @Test func aLayoutIsTaggedWithItsKindsName() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(FileLayout(Strokes(strokes: 3)))
    #expect(String(decoding: data, as: UTF8.self) == #"{"strokes":{"_0":{"strokes":3}}}"#)
    // Only the kinds some state renders as are read back.
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(FileLayout.self, from: data) }
  }

  /// The shape a cache entry's layout had when it was an enum of a still and an animation.
  enum EnumLayout: Codable {
    case still(LayoutResult)
    case animation(AnimationLayout)
  }

  @Test func aCachedLayoutHasTheBytesItHadAsAnEnumAndReadsBack() throws {
    let renderer = try Renderer()
    let manifest = try ManifestDecoder.decode(
      ManifestSource(
        path: "m.json",
        bytes: Array(
          #"{"items": [{"name": "a", "text": "Words that wrap over lines here.", "width": 80, "lineLimit": 1, "animation": "easeIn"}]}"#
            .utf8)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var kinds: Set<String> = []
    for job in RenderJob.jobs(for: manifest.items[0], itemIndex: 0) {
      let layout = try JobRenderer.files(of: job, with: renderer).layout
      let old: EnumLayout =
        if let still = layout.part as? LayoutResult { .still(still) } else {
          .animation(try #require(layout.part as? AnimationLayout))
        }
      let data = try encoder.encode(layout)
      #expect(data == (try encoder.encode(old)), "\(job.file)")
      let back = try JSONDecoder().decode(FileLayout.self, from: data)
      #expect(try encoder.encode(back) == data, "\(job.file)")
      #expect(type(of: back.part).kind.name == job.kind.name)
      kinds.insert(job.kind.name)
    }
    #expect(kinds == ["still", "animation"])
  }
}
