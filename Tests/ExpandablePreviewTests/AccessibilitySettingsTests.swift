import ExpandablePreview
import TestSupport
import Testing

/// Bold Text and Increase Contrast, as SwiftUI's `legibilityWeight` and `colorSchemeContrast`.
@Suite struct AccessibilitySettingsTests {
  static let inter = "/usr/share/fonts/opentype/inter/"

  @Test func boldTextMovesEveryWeightOneStepHeavier() {
    let expected: [(Font.Weight, Font.Weight)] = [
      (.thin, .ultraLight), (.ultraLight, .light), (.light, .regular), (.regular, .medium),
      (.medium, .semibold), (.semibold, .bold), (.bold, .heavy), (.heavy, .black),
      (.black, .black),
    ]
    #expect(expected.count == Font.Weight.allCases.count)
    for (weight, heavier) in expected { #expect(weight.boldTextWeight == heavier, "\(weight)") }
  }

  /// Both styles, collapsed: the text (body, regular) and the label (callout or body) are
  /// drawn from Inter's Medium file, and Regular is no longer used; headline goes to Bold.
  @Test(arguments: TruncationStyle.allCases)
  func boldTextDrawsTheHeavierInterFaces(style: TruncationStyle) throws {
    let renderer = try Renderer()
    let component = ExpandableText(text: TestTexts.developer).lineLimit(2).truncationStyle(style)
    var options = RenderOptions(width: 327)
    let regular = try renderer.render(component, options: options)
    options.legibilityWeight = .bold
    let bold = try renderer.render(component, options: options)
    #expect(regular.fontFiles == [Self.inter + "Inter-Regular.otf"])
    #expect(bold.fontFiles == [Self.inter + "Inter-Medium.otf"])
    #expect(regular.image! != bold.image!)

    let headline = try renderer.render(
      ExpandableText(text: "Headline").font(.headline).truncationStyle(style), options: options)
    #expect(headline.fontFiles == [Self.inter + "Inter-Bold.otf"])
  }

  @Test func boldTextLeavesAPangoDescriptionAsWritten() throws {
    let component = ExpandableText(text: "Fixed face").font(.custom("Inter 15"))
    var options = RenderOptions(width: 327)
    let regular = try Renderer().render(component, options: options)
    options.legibilityWeight = .bold
    let bold = try Renderer().render(component, options: options)
    #expect(regular.image! == bold.image!)
  }

  /// The values of `Color.accessibleVariants`' sources (the HIG's system color table as
  /// compose-cupertino and Flutter publish it; Flutter's label colors), in 0–255.
  @Test func increasedContrastGivesThePublishedAccessibleValues() {
    #expect(rgb(.blue, .light, .standard) == [0, 122, 255, 255])
    #expect(rgb(.blue, .dark, .standard) == [10, 132, 255, 255])
    #expect(rgb(.blue, .light, .increased) == [0, 64, 221, 255])
    #expect(rgb(.blue, .dark, .increased) == [64, 156, 255, 255])
    #expect(rgb(.red, .light, .increased) == [215, 0, 21, 255])
    #expect(rgb(.red, .dark, .increased) == [255, 105, 97, 255])
    #expect(rgb(.yellow, .light, .increased) == [178, 80, 0, 255])
    #expect(rgb(.yellow, .dark, .increased) == [255, 212, 38, 255])
    #expect(rgb(.teal, .light, .increased) == [0, 130, 153, 255])
    #expect(rgb(.teal, .dark, .increased) == [93, 230, 255, 255])
    #expect(rgb(.gray6, .light, .increased) == [235, 235, 240, 255])
    #expect(rgb(.gray6, .dark, .increased) == [36, 36, 38, 255])
    // Label (primary) is black and white in every contrast.
    #expect(rgb(.primary, .light, .increased) == [0, 0, 0, 255])
    #expect(rgb(.primary, .dark, .increased) == [255, 255, 255, 255])
    // The other label colors: the same grays, more opaque.
    #expect(rgb(.secondary, .light, .standard) == [60, 60, 67, 153])
    #expect(rgb(.secondary, .dark, .standard) == [235, 235, 245, 153])
    #expect(rgb(.secondary, .light, .increased) == [60, 60, 67, 173])
    #expect(rgb(.secondary, .dark, .increased) == [235, 235, 245, 173])
    #expect(rgb(.tertiary, .light, .increased) == [60, 60, 67, 96])
    #expect(rgb(.tertiary, .dark, .increased) == [235, 235, 245, 96])
    #expect(rgb(.quaternary, .light, .increased) == [60, 60, 67, 66])
    #expect(rgb(.quaternary, .dark, .increased) == [235, 235, 245, 61])
    // The plain system background stays white and black.
    #expect(rgb(.systemBackground, .light, .increased) == [255, 255, 255, 255])
    #expect(rgb(.systemBackground, .dark, .increased) == [0, 0, 0, 255])
  }

  /// Every system color with an accessible value takes it in both appearances, and it differs
  /// from its standard value in at least one: a name missing from the table, or a table entry
  /// equal to the default, would slip through the spot checks above.
  @Test func everyChromaticAndLabelColorChangesUnderIncreasedContrast() throws {
    let unchanged: Set<String> = [
      "primary", "label", "systemBackground", "secondarySystemBackground",
      "tertiarySystemBackground", "white", "black", "clear",
    ]
    for name in Color.systemColorNames {
      let color = try Color(parsing: name)
      let changes = Appearance.allCases.contains {
        rgb(color, $0, .increased) != rgb(color, $0, .standard)
      }
      #expect(changes == !unchanged.contains(name), "\(name)")
    }
  }

  /// `secondary` and `tertiary` text is drawn with the published opacity: the fully covered
  /// pixels of a glyph are the gray at that opacity over the background (white or black), in
  /// both appearances, and differ from the standard contrast's.
  @Test(arguments: Appearance.allCases, ["secondary", "tertiary"])
  func increasedContrastDrawsSecondaryTextMoreOpaque(appearance: Appearance, name: String)
    throws
  {
    let color = try Color(parsing: name)
    let component = ExpandableText(text: "Secondary text, drawn in a label gray")
      .foregroundColor(color)
    var drawn: [ColorSchemeContrast: Int] = [:]
    for contrast in ColorSchemeContrast.allCases {
      var options = RenderOptions(width: 327, scale: 3, appearance: appearance)
      options.colorSchemeContrast = contrast
      let image = try Renderer().render(component, options: options).image!
      // Light: the darkest pixel; dark: the brightest (the text over a black background).
      let reds = stride(from: 0, to: image.rgba.count, by: 4).map { Int(image.rgba[$0]) }
      drawn[contrast] = appearance == .light ? reds.min()! : reds.max()!
      let value = color.resolved(in: appearance, contrast: contrast)
      let background = appearance == .light ? 255.0 : 0.0
      let expected = background + (value.red * 255 - background) * value.alpha
      #expect(
        abs(Double(drawn[contrast]!) - expected) <= 1,
        "\(contrast): drawn \(drawn[contrast]!), expected \(expected)")
    }
    #expect(drawn[.standard] != drawn[.increased])
  }

  private func rgb(_ color: Color, _ appearance: Appearance, _ contrast: ColorSchemeContrast)
    -> [Int]
  {
    let value = color.resolved(in: appearance, contrast: contrast)
    return [value.red, value.green, value.blue, value.alpha].map { Int(($0 * 255).rounded()) }
  }

  @Test(arguments: Appearance.allCases)
  func increasedContrastLeavesHexAndCustomColorsAlone(appearance: Appearance) throws {
    let hex = try Color(parsing: "#0A84FF")
    #expect(
      hex.resolved(in: appearance, contrast: .increased)
        == hex.resolved(in: appearance, contrast: .standard))
    let custom = Color(
      light: .init(red: 0.1, green: 0.2, blue: 0.3), dark: .init(red: 0.4, green: 0.5, blue: 0.6))
    #expect(
      custom.resolved(in: appearance, contrast: .increased)
        == custom.resolved(in: appearance, contrast: .standard))
  }

  /// The label's glyphs are painted in the accessible blue, light and dark: the fully covered
  /// pixels of its frame are exactly that color, and none is the standard blue.
  @Test(arguments: Appearance.allCases)
  func increasedContrastPaintsTheLabelInTheAccessibleBlue(appearance: Appearance) throws {
    let component = ExpandableText(text: TestTexts.developer).lineLimit(2)
    var options = RenderOptions(width: 327, scale: 3, appearance: appearance)
    options.colorSchemeContrast = .increased
    let result = try Renderer().render(component, options: options)
    let accessible = Color.blue.resolved(in: appearance, contrast: .increased)
    let standard = Color.blue.resolved(in: appearance, contrast: .standard)
    let colors = labelPixels(result, scale: 3)
    #expect(colors.contains(bytes(accessible)))
    #expect(!colors.contains(bytes(standard)))

    // A hex label keeps its color under increased contrast.
    let hexLabel = component.expandButton(
      TextSet(text: "more", color: try Color(parsing: "#FF8000")))
    let hexColors = labelPixels(try Renderer().render(hexLabel, options: options), scale: 3)
    #expect(hexColors.contains([255, 128, 0]))
  }

  private func bytes(_ rgba: Color.RGBA) -> [UInt8] {
    [rgba.red, rgba.green, rgba.blue].map { UInt8(($0 * 255).rounded()) }
  }

  private func labelPixels(_ result: RenderResult, scale: Int) -> Set<[UInt8]> {
    guard let frame = result.layout.label else { return [] }
    var colors = Set<[UInt8]>()
    let s = Double(scale)
    for y in Int(frame.y * s)..<Int((frame.y + frame.height) * s) {
      for x in Int(frame.x * s)..<Int((frame.x + frame.width) * s) {
        let p = result.image!.pixel(x: x, y: y)
        colors.insert([p.r, p.g, p.b])
      }
    }
    return colors
  }
}
