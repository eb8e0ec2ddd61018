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
    #expect(regular.image != bold.image)

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
    #expect(regular.image == bold.image)
  }

  @Test func increasedContrastGivesThePublishedAccessibleValues() {
    func rgb(_ color: Color, _ appearance: Appearance, _ contrast: ColorSchemeContrast) -> [Int] {
      let value = color.resolved(in: appearance, contrast: contrast)
      return [value.red, value.green, value.blue, value.alpha].map { Int(($0 * 255).rounded()) }
    }
    #expect(rgb(.blue, .light, .standard) == [0, 122, 255, 255])
    #expect(rgb(.blue, .dark, .standard) == [10, 132, 255, 255])
    #expect(rgb(.blue, .light, .increased) == [0, 64, 221, 255])
    #expect(rgb(.blue, .dark, .increased) == [64, 156, 255, 255])
    #expect(rgb(.red, .light, .increased) == [215, 0, 21, 255])
    #expect(rgb(.red, .dark, .increased) == [255, 105, 97, 255])
    // Label (primary) is black and white in every contrast.
    #expect(rgb(.primary, .light, .increased) == [0, 0, 0, 255])
    #expect(rgb(.primary, .dark, .increased) == [255, 255, 255, 255])
    // No published accessible value: unchanged.
    #expect(rgb(.secondary, .light, .increased) == rgb(.secondary, .light, .standard))
    #expect(rgb(.secondary, .dark, .increased) == rgb(.secondary, .dark, .standard))
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
        let p = result.image.pixel(x: x, y: y)
        colors.insert([p.r, p.g, p.b])
      }
    }
    return colors
  }
}
