import ExpandablePreview
import Foundation
import TestSupport
import Testing

/// The pinned standard font set: San Francisco's stand-in with iOS's optical switch, the
/// families it keeps, fallback inside the set, and fonts a user adds.
@Suite struct FontSetTests {
  static let inter = "/usr/share/fonts/opentype/inter/"

  /// Every text style at three Dynamic Type sizes draws Latin text in one Inter face: the Text
  /// cut below 20 pt, the Display cut from 20 pt, SemiBold for headline and Regular otherwise.
  @Test(arguments: [DynamicTypeSize.xSmall, .large, .accessibility3])
  func textStylesUseInterWithTheOpticalSwitch(size: DynamicTypeSize) throws {
    for style in TextStyle.allCases {
      let component = ExpandableText(text: "Hamburgefonstiv 0123").font(.system(style))
      let result = try Renderer().render(
        component, options: RenderOptions(width: 600, dynamicType: size))
      let cut = style.pointSize(at: size) >= 20 ? "InterDisplay" : "Inter"
      let weight = style == .headline ? "SemiBold" : "Regular"
      #expect(
        result.fontFiles == [Self.inter + "\(cut)-\(weight).otf"],
        "\(style) at \(size) (\(style.pointSize(at: size)) pt)")
    }
  }

  @Test func weightsPickInterFacesNotSyntheticOnes() throws {
    let expected: [(Font.Weight, String)] = [
      (.ultraLight, "ExtraLight"), (.thin, "Thin"), (.light, "Light"), (.medium, "Medium"),
      (.bold, "Bold"), (.heavy, "ExtraBold"), (.black, "Black"),
    ]
    for (weight, face) in expected {
      let component = ExpandableText(text: "Weights").font(.body.weight(weight))
      #expect(try render(component).fontFiles == [Self.inter + "Inter-\(face).otf"], "\(weight)")
    }
  }

  @Test func familiesOfTheSetAreUsedAsAsked() throws {
    let renderer = try Renderer()
    let cases: [(Font, String)] = [
      (.custom("DejaVu Serif 16"), "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"),
      (.body.family("DejaVu Sans"), "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
      (
        .custom("Liberation Sans Bold 15"),
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"
      ),
      (.custom("Noto Sans CJK JP 15"), "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    ]
    for (font, file) in cases {
      #expect(try renderer.substitution(for: font) == nil, "\(font)")
      let result = try renderer.render(
        ExpandableText(text: "Family").font(font), options: RenderOptions(width: 300))
      #expect(result.fontFiles == [file], "\(font)")
    }
  }

  @Test func aFamilyOutsideTheSetIsSubstitutedByTheStandIn() throws {
    let renderer = try Renderer()
    let body = try #require(try renderer.substitution(for: .body.family("Helvetca")))
    #expect(body.requested == "Helvetca" && body.used == "Inter")
    let large = try #require(try renderer.substitution(for: .largeTitle.family("Helvetca")))
    #expect(large.used == "Inter Display")
    let result = try renderer.render(
      ExpandableText(text: "Typo").font(.body.family("Helvetca")),
      options: RenderOptions(width: 300))
    #expect(result.fontFiles == [Self.inter + "Inter-Regular.otf"])
  }

  @Test func fallbackStaysInTheSet() throws {
    let text = "Hi 吾輩 🔥 Привет"
    let files = try render(ExpandableText(text: text).lineLimit(5)).fontFiles
    #expect(
      files == [
        Self.inter + "Inter-Regular.otf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
      ])
    let pinned = Set(try Renderer().pinnedFontFiles)
    #expect(Set(files).isSubset(of: pinned))
    #expect(pinned.allSatisfy { path in StandardFonts.files.contains { $0.path == path } })
  }

  /// The scripts the set promises, each drawn by its own file of the set.
  @Test func everyPromisedScriptIsCoveredByItsFont() throws {
    let noto = "/usr/share/fonts/truetype/noto/"
    let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    let cases: [(String, String, String)] = [
      ("Latin", "Hamburg", Self.inter + "Inter-Regular.otf"),
      ("Greek", "Καλημέρα", Self.inter + "Inter-Regular.otf"),
      ("Cyrillic", "Привет", Self.inter + "Inter-Regular.otf"),
      ("Arabic", "مرحبا", noto + "NotoSansArabicUI-Regular.ttf"),
      ("Hebrew", "שלום", noto + "NotoSansHebrew-Regular.ttf"),
      ("Thai", "สวัสดี", noto + "NotoSansThaiUI-Regular.ttf"),
      ("Devanagari", "नमस्ते", noto + "NotoSansDevanagariUI-Regular.ttf"),
      ("Japanese", "こんにちは", cjk), ("Simplified Chinese", "简体字", cjk),
      ("Traditional Chinese", "繁體字", cjk), ("Korean", "안녕하세요", cjk),
      ("emoji", "🔥", noto + "NotoColorEmoji.ttf"),
    ]
    let renderer = try Renderer()
    for (script, text, file) in cases {
      #expect(renderer.uncoveredCharacters(in: text).isEmpty, "\(script)")
      let result = try renderer.render(
        ExpandableText(text: text), options: RenderOptions(width: 300))
      #expect(result.fontFiles == [file], "\(script)")
    }
  }

  @Test func uncoveredCharactersAreNamedOnceAndInvisibleOnesIgnored() throws {
    let renderer = try Renderer()
    // Ethiopic is in no font of the set; ZWJ and VS16 draw nothing; newlines are not text.
    let text = "ሰላም ሰላም\nfamily 👩‍👩‍👧 ☕️ 吾輩"
    #expect(renderer.uncoveredCharacters(in: text) == ["ሰ", "ላ", "ም"])
    #expect(renderer.uncoveredCharacters(in: TestTexts.developer).isEmpty)
    #expect(try Renderer(fontSet: .system).uncoveredCharacters(in: text).isEmpty)
  }

  @Test func addedFontsJoinThePinnedSet() throws {
    let narrow = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf"
    try #require(FileManager.default.fileExists(atPath: narrow), "fonts-liberation installs it")
    let font = Font.custom("Liberation Sans Narrow 15")
    #expect(try Renderer().substitution(for: font) != nil, "not in the standard set")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("Brand.ttf")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: narrow), to: copy)
    let renderer = try Renderer(fonts: [folder])
    #expect(try renderer.substitution(for: font) == nil)
    #expect(renderer.pinnedFontFiles.contains(copy.path))
    let result = try renderer.render(
      ExpandableText(text: "Brand 吾輩").font(font), options: RenderOptions(width: 300))
    // The brand font draws Latin; the set's fallback still draws what it lacks.
    #expect(
      result.fontFiles == [copy.path, "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"])
  }

  @Test func missingOrEmptyFontPathsAreNamed() throws {
    #expect(
      throws: RenderError.fontConfig(FontConfigError(path: "/no/such/font.ttf", "does not exist"))
    ) {
      try Renderer(fonts: [URL(fileURLWithPath: "/no/such/font.ttf")])
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("notes.txt")
    try Data("not a font".utf8).write(to: text)
    #expect(throws: RenderError.fontConfig(FontConfigError("no font found in \(folder.path)"))) {
      try Renderer(fonts: [folder])
    }
    #expect(
      throws: RenderError.fontConfig(
        FontConfigError(path: text.path, "fontconfig cannot read it as a font"))
    ) {
      try Renderer(fonts: [text])
    }
  }

  @Test func systemFontsSayTheyDependOnTheMachine() throws {
    #expect(try Renderer(fontSet: .system).fontSet.isMachineDependent)
    #expect(try Renderer(fontSet: .system).pinnedFontFiles.isEmpty)
    #expect(try !Renderer().fontSet.isMachineDependent)
  }
}

@Suite struct FontFaceLimitTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// Each face is opened once (about 0.7 MB), so a small collection listing one face 10,000
  /// times once cost 7.6 GB; it is refused before any face is opened, naming the file.
  @Test func aCollectionDeclaringTooManyFacesIsRefusedByName() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Many.ttc")
    try collectionRepeatingFace(
      of: Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)), count: 10_000
    )
    .write(to: file)
    #expect(
      throws: RenderError.fontConfig(
        FontConfigError(path: file.path, "declares 10000 faces; a font file may hold at most 256"))
    ) {
      try Renderer(fonts: [file])
    }
    #expect(
      throws: RenderError.fontConfig(
        FontConfigError(path: file.path, "declares 10000 faces; a font file may hold at most 256"))
    ) {
      try Renderer(fonts: [folder])
    }
  }

  /// A collection within the limit is read, every face of it.
  @Test func aCollectionWithinTheFaceLimitIsRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Few.ttc")
    try collectionRepeatingFace(of: Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)), count: 3)
      .write(to: file)
    let renderer = try Renderer(fonts: [file])
    #expect(renderer.pinnedFontFiles.contains(file.path))
  }
}

extension FontFaceLimitTests {
  /// A font padded to gigabytes (sparse: no disk used) is refused by its size before anything
  /// reads it; it was hashed whole on every recording.
  @Test func aFontFileLargerThanTheLimitIsRefusedUnread() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Huge.ttf")
    try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)).write(to: file)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 8 << 30)
    try handle.close()
    #expect(
      throws: RenderError.fontConfig(
        FontConfigError(
          path: file.path, "has \(8 << 30) bytes; a font file may have at most \(512 << 20)"))
    ) {
      try Renderer(fonts: [file])
    }
  }
}
