import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

@Suite struct FingerprintTests {
  let libraries = LibraryVersions(
    pango: "1.50.12", cairo: "1.16.0", harfbuzz: "6.0.0", freetype: "2.12.1",
    fontconfig: "2.14.1")

  @Test func currentNamesAndHashesTheFontsARenderUsed() throws {
    let result = try Renderer().render(
      // The label takes the text's font, so DejaVu Sans draws everything.
      ExpandableText(text: TestTexts.developer).font(.body.family("DejaVu Sans"))
        .expandButton(TextSet(text: "more")),
      options: RenderOptions(width: 327))
    let fingerprint = try Fingerprint.current(fontFiles: result.fontFiles)
    #expect(fingerprint.fonts.map(\.name) == ["DejaVu Sans"])
    #expect(fingerprint.fonts.map(\.file) == ["DejaVuSans.ttf"])
    #expect(fingerprint.fonts.first?.sha256 == sha256sum(TestFonts.dejaVuSans.path))
    #expect(fingerprint.fonts.first?.package == "fonts-dejavu-core")
  }

  @Test func goldensKeepTheirFontFilesAndOldFilesStillRead() throws {
    let fingerprint = Fingerprint(
      libraries: libraries,
      fonts: [
        .init(name: "Inter", file: "Inter-Regular.otf", sha256: "aa", package: "fonts-inter")
      ],
      goldens: ["a/collapsed@2x.png": ["Inter-Regular.otf"]])
    let json = String(decoding: try fingerprint.jsonData(), as: UTF8.self)
    #expect(
      json.contains("\"goldens\" : {\n    \"a/collapsed@2x.png\" : [\n      \"Inter-Regular.otf\""))
    #expect(json.contains("\"package\" : \"fonts-inter\""))
    #expect(try Fingerprint(jsonData: fingerprint.jsonData()) == fingerprint)
    let old = Fingerprint(libraries: libraries, fonts: fingerprint.fonts)
    #expect(!String(decoding: try old.jsonData(), as: UTF8.self).contains("goldens"))
    #expect(try Fingerprint(jsonData: old.jsonData()).goldens.isEmpty)
  }

  /// Bytes handed to `init(jsonData:)` are checked as the file is: a later version is refused
  /// in the record scheme's words, not read as if it were this one.
  @Test func jsonDataOfANewerVersionOrAnotherKindIsRefusedByName() throws {
    let fingerprint = Fingerprint(libraries: libraries, fonts: [])
    var object = try #require(
      try JSONSerialization.jsonObject(with: fingerprint.jsonData()) as? [String: Any])
    object["version"] = 2
    let newer = try JSONSerialization.data(withJSONObject: object)
    #expect {
      try Fingerprint(jsonData: newer, naming: "shard-3/fingerprint.json")
    } throws: { error in
      "\(error)"
        == "shard-3/fingerprint.json: cannot read the fingerprint: it is version 2, written by a "
        + "newer expandable-preview (this one reads version 1): use the same or a newer "
        + "expandable-preview"
    }
    #expect(throws: GoldenStoreError.self) { try Fingerprint(jsonData: Data("[1, 2]".utf8)) }
    object["version"] = 1
    #expect(
      try Fingerprint(jsonData: JSONSerialization.data(withJSONObject: object)) == fingerprint)
  }

  @Test func goldenFontCheckNamesMissingChangedAndNewFiles() throws {
    let dejaVu = TestFonts.dejaVuSans.path
    let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    let recorded = Fingerprint(
      libraries: libraries,
      fonts: [
        .init(
          name: "DejaVu Sans", file: "DejaVuSans.ttf", sha256: "00ff", package: "fonts-dejavu-core"),
        .init(
          name: "Noto Sans Thai", file: "NotoSansThai-Regular.ttf", sha256: "11",
          package: "fonts-noto-core"),
      ],
      goldens: ["g.png": ["DejaVuSans.ttf", "NotoSansThai-Regular.ttf"]])
    let lines = try GoldenFontCheck.differences(
      golden: "g.png", recorded: recorded, usedNow: [dejaVu, serif], available: [dejaVu, serif])
    #expect(
      lines == [
        "DejaVuSans.ttf (DejaVu Sans, Debian package fonts-dejavu-core) differs: sha256 "
          + "\((sha256sum(dejaVu) ?? "").prefix(12)) here, 00ff when recorded",
        "NotoSansThai-Regular.ttf (Noto Sans Thai, Debian package fonts-noto-core) is missing on this machine",
        "DejaVuSerif.ttf (DejaVu Serif, Debian package fonts-dejavu-core) drew this image but not the golden",
      ])
    // The golden's files all here with their bytes, and another file used now: the content
    // changed (an emoji added), not the machine: no font difference, a plain mismatch.
    let unchanged = Fingerprint(
      libraries: libraries,
      fonts: [try Fingerprint.current(fontFiles: [dejaVu]).fonts[0]],
      goldens: ["g.png": ["DejaVuSans.ttf"]])
    #expect(
      try GoldenFontCheck.differences(
        golden: "g.png", recorded: unchanged, usedNow: [dejaVu, serif], available: [dejaVu, serif]
      ).isEmpty)
    // Same files, same bytes: nothing to say; a golden the fingerprint does not list: nothing.
    let same = Fingerprint(
      libraries: libraries,
      fonts: [try Fingerprint.current(fontFiles: [dejaVu]).fonts[0]],
      goldens: ["g.png": ["DejaVuSans.ttf"]])
    #expect(
      try GoldenFontCheck.differences(
        golden: "g.png", recorded: same, usedNow: [dejaVu], available: [dejaVu]
      ).isEmpty)
    #expect(
      try GoldenFontCheck.differences(
        golden: "other.png", recorded: recorded, usedNow: [serif], available: [serif]
      ).isEmpty)
  }

  @Test func currentLibraryVersionsAreReadAtRunTime() {
    let versions = LibraryVersions.current
    for version in [
      versions.pango, versions.cairo, versions.harfbuzz, versions.freetype, versions.fontconfig,
    ] {
      #expect(version.split(separator: ".").count == 3, "\(version)")
      #expect(version.split(separator: ".").allSatisfy { Int($0) != nil }, "\(version)")
    }
    #expect(versions.pango == pkgConfigVersion("pango"))
    #expect(versions.fontconfig == pkgConfigVersion("fontconfig"))
  }

  @Test func jsonIsStableWithSortedKeys() throws {
    let fingerprint = Fingerprint(
      libraries: libraries,
      fonts: [
        .init(name: "IPAGothic", file: "ipag.ttf", sha256: "bb"),
        .init(name: "DejaVu Sans", file: "DejaVuSans.ttf", sha256: "aa"),
      ])
    let json = String(decoding: try fingerprint.jsonData(), as: UTF8.self)
    #expect(
      json == """
        {
          "fonts" : [
            {
              "file" : "DejaVuSans.ttf",
              "name" : "DejaVu Sans",
              "sha256" : "aa"
            },
            {
              "file" : "ipag.ttf",
              "name" : "IPAGothic",
              "sha256" : "bb"
            }
          ],
          "libraries" : {
            "cairo" : "1.16.0",
            "fontconfig" : "2.14.1",
            "freetype" : "2.12.1",
            "harfbuzz" : "6.0.0",
            "pango" : "1.50.12"
          }
        }

        """)
    #expect(try Fingerprint(jsonData: fingerprint.jsonData()) == fingerprint)
  }

  @Test func differencesAreExplainedInWords() {
    let recorded = Fingerprint(
      libraries: libraries,
      fonts: [
        .init(name: "DejaVu Sans", file: "DejaVuSans.ttf", sha256: "1111aaaa2222bbbb3333"),
        .init(name: "IPAGothic", file: "ipag.ttf", sha256: "ff"),
      ])
    var newer = libraries
    newer.pango = "1.52.0"
    let current = Fingerprint(
      libraries: newer,
      fonts: [
        .init(name: "DejaVu Sans", file: "DejaVuSans.ttf", sha256: "9999cccc8888dddd7777"),
        .init(name: "Noto Sans CJK JP", file: "NotoSansCJK-Regular.ttc", sha256: "ee"),
      ])
    #expect(
      current.differences(from: recorded) == [
        "Pango 1.50.12 → 1.52.0",
        "DejaVu Sans: another file, DejaVuSans.ttf, sha256 9999cccc8888 (recorded DejaVuSans.ttf, sha256 1111aaaa2222)",
        "IPAGothic: used by the recorded goldens, not now (ipag.ttf, sha256 ff)",
        "Noto Sans CJK JP: used now, not by the recorded goldens (NotoSansCJK-Regular.ttc, sha256 ee)",
      ])
    #expect(current.differences(from: recorded, onlyFontsUsed: true).count == 3)
    #expect(recorded.differences(from: recorded).isEmpty)
  }

  @Test func writeLeavesAnUnchangedFileAlone() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fingerprint = Fingerprint(libraries: libraries, fonts: [])
    try fingerprint.write(in: folder)
    let file = folder.appendingPathComponent(Fingerprint.fileName)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
    try fingerprint.write(in: folder)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == old
    )
    #expect(try Fingerprint.read(in: folder) == fingerprint)
  }
}

/// Runs a tool and returns its first output word.
private func firstWord(_ tool: String, _ arguments: [String]) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  guard (try? process.run()) != nil else { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(
    String.init)
}

func sha256sum(_ path: String) -> String? { firstWord("/usr/bin/sha256sum", [path]) }
func pkgConfigVersion(_ package: String) -> String? {
  firstWord("/usr/bin/pkg-config", ["--modversion", package])
}
