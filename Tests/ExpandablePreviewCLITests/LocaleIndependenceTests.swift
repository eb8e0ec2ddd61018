import Foundation
import Testing

/// The pinned font set makes the project's goldens the same bytes whatever the process's
/// locale and whatever fontconfig configuration the machine has: the examples and the reference
/// designs are rendered in subprocesses under five locales and under a hostile
/// `FONTCONFIG_FILE`, and every PNG must equal its golden byte for byte.
@Suite(.serialized) struct LocaleIndependenceTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// (manifest, folder of its goldens) — the reference designs are the same components as
  /// ReferenceGoldenTests' assertSnapshot goldens, written as a manifest.
  static let manifests = [
    ("Examples/manifest.json", "Snapshots/examples"),
    ("Tests/Fixtures/reference-designs.json", "Snapshots"),
  ]

  static let locales = ["C.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8", "zh_TW.UTF-8", "ko_KR.UTF-8"]

  /// LANG and LC_ALL, and LANGUAGE too (Pango reads it for the languages of scripts the text's
  /// language does not write).
  static func localeEnvironment(_ locale: String) -> [String: String] {
    let language = String(locale.prefix(2))
    return ["LANG": locale, "LC_ALL": locale, "LANGUAGE": language == "C." ? "" : language]
  }

  /// A fontconfig file that would change every family if the renderer read it: an extra font
  /// folder, and `sans-serif`, `emoji`, Inter and Inter Display all mapped to Liberation Sans
  /// Narrow.
  static func hostileConfiguration(in scratch: Scratch) throws -> URL {
    let fonts = scratch.url.appendingPathComponent("hostile-fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"),
      to: fonts.appendingPathComponent("Extra.ttf"))
    func strong(_ family: String) -> String {
      """
      <match target="pattern"><test name="family"><string>\(family)</string></test>
        <edit name="family" mode="assign" binding="strong"><string>Liberation Sans Narrow</string></edit></match>
      """
    }
    return try scratch.write(
      "hostile.conf",
      """
      <?xml version="1.0"?>
      <fontconfig>
        <dir>\(fonts.path)</dir>
        <dir>/usr/share/fonts</dir>
        \(["Inter", "Inter Display", "sans-serif", "emoji", "Noto Sans CJK JP"].map(strong).joined(separator: "\n"))
        <alias binding="strong"><family>sans-serif</family><prefer><family>Liberation Sans Narrow</family></prefer></alias>
      </fontconfig>
      """)
  }

  /// Renders every manifest under `environment` and returns the PNGs that differ from their
  /// goldens (or have none).
  func differingImages(_ environment: [String: String], scratch: Scratch, tag: String) throws
    -> [String]
  {
    var differing: [String] = []
    for (index, (manifest, goldens)) in Self.manifests.enumerated() {
      let out = scratch.url.appendingPathComponent("\(tag)-\(index)")
      let result = try CLI.run(
        ["render", manifest, "--out", out.path, "--quiet", "--jobs", "2"], in: Self.repository,
        environment: environment)
      #expect(result.status == 0, "\(tag) \(manifest): \(result.stderr)")
      let rendered = try scratch.files(in: "\(tag)-\(index)").filter { $0.key.hasSuffix(".png") }
      #expect(rendered.count > 0)
      for (path, bytes) in rendered {
        let golden = Self.repository.appendingPathComponent(goldens).appendingPathComponent(path)
        if (try? Data(contentsOf: golden)) != bytes { differing.append("\(tag): \(path)") }
      }
    }
    return differing
  }

  @Test(arguments: locales)
  func goldensAreTheSameBytesUnderEveryLocale(locale: String) throws {
    let scratch = try Scratch()
    #expect(
      try differingImages(Self.localeEnvironment(locale), scratch: scratch, tag: locale) == [])
  }

  @Test func goldensAreTheSameBytesUnderAHostileFontconfigFile() throws {
    let scratch = try Scratch()
    let configuration = try Self.hostileConfiguration(in: scratch)
    let environment = ["FONTCONFIG_FILE": configuration.path, "LANG": "ja_JP.UTF-8"]
    #expect(try differingImages(environment, scratch: scratch, tag: "hostile") == [])

    // The configuration is really hostile: the machine's fonts under it draw something else.
    let text = ["render", "--text", "Hello", "--system-fonts", "--width", "100"]
    let plain = try CLI.run(text + ["--out", "plain.png"], in: scratch.url)
    let hostile = try CLI.run(
      text + ["--out", "hostile.png"], in: scratch.url, environment: environment)
    #expect(plain.status == 0 && hostile.status == 0)
    let plainImage = try Data(contentsOf: scratch.url.appendingPathComponent("plain.png"))
    let hostileImage = try Data(contentsOf: scratch.url.appendingPathComponent("hostile.png"))
    #expect(plainImage != hostileImage)
  }

  /// `--language` changes Han glyph forms; the locale does not, for either language.
  @Test func languageDecidesHanFormsAndTheLocaleDoesNot() throws {
    let scratch = try Scratch()
    var images: [String: Data] = [:]
    for language in ["ja", "zh-Hans"] {
      for locale in ["C.UTF-8", "ja_JP.UTF-8", "zh_CN.UTF-8"] {
        let name = "\(language)-\(locale)"
        let result = try CLI.run(
          ["render", "--text", "直骨 吾輩", "--language", language, "--out", name + ".png"],
          in: scratch.url, environment: Self.localeEnvironment(locale))
        #expect(result.status == 0, "\(result.stderr)")
        images[name] = try Data(contentsOf: scratch.url.appendingPathComponent(name + ".png"))
      }
    }
    #expect(images["ja-C.UTF-8"] != images["zh-Hans-C.UTF-8"])
    for locale in ["ja_JP.UTF-8", "zh_CN.UTF-8"] {
      #expect(images["ja-\(locale)"] == images["ja-C.UTF-8"], "ja under \(locale)")
      #expect(images["zh-Hans-\(locale)"] == images["zh-Hans-C.UTF-8"], "zh-Hans under \(locale)")
    }
  }
}
