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
    let result = try Renderer(fonts: [TestFonts.dejaVuSans])
      .render(ExpandableText(text: TestTexts.developer), options: RenderOptions(width: 327))
    let fingerprint = try Fingerprint.current(fontFiles: result.fontFiles)
    #expect(fingerprint.fonts.map(\.name) == ["DejaVu Sans"])
    #expect(fingerprint.fonts.map(\.file) == ["DejaVuSans.ttf"])
    #expect(fingerprint.fonts.first?.sha256 == sha256sum(TestFonts.dejaVuSans.path))
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
