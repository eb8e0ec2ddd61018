import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The job key covers every input of a job's bytes: each setting of the table, the text, the
/// tool's build, the libraries and the font files; equal inputs give equal keys.
@Suite struct JobKeyTests {
  static let context = KeyContext(
    renderer: "renderer-a", verdict: "verdict-a",
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

  /// One change of each stored field of a job's options and of its variant's device (nested
  /// ones by their path), to check that the key's field-by-field encoding writes every field;
  /// the variant's other values are changed axis by axis below.
  static let fieldChanges: [String: @Sendable (inout RenderJob) -> Void] = [
    "options.width": { $0.options.width += 1 },
    "options.scale": { $0.options.scale += 1 },
    "options.appearance": { $0.options.appearance = .dark },
    "options.dynamicType": { $0.options.dynamicType = .xLarge },
    "options.padding.top": { $0.options.padding.top += 1 },
    "options.padding.leading": { $0.options.padding.leading += 1 },
    "options.padding.bottom": { $0.options.padding.bottom += 1 },
    "options.padding.trailing": { $0.options.padding.trailing += 1 },
    "options.background": { $0.options.background = Color(.init(red: 0.5, green: 0, blue: 0)) },
    "options.state": { $0.options.state = $0.options.state == .collapsed ? .expanded : .collapsed },
    "options.framesPerSecond": { $0.options.framesPerSecond += 1 },
    "options.language": { $0.options.language = "ja" },
    "options.legibilityWeight": { $0.options.legibilityWeight = .bold },
    "options.colorSchemeContrast": { $0.options.colorSchemeContrast = .increased },
    "options.accessibilityReduceMotion": { $0.options.accessibilityReduceMotion.toggle() },
    "variant.device.name": { $0.variant[VariantAxis.device]?.name += "x" },
    "variant.device.width": { $0.variant[VariantAxis.device]?.width += 1 },
    "variant.device.margin": { $0.variant[VariantAxis.device]?.margin += 1 },
  ]

  /// Stored fields left out of the key because no job's bytes depend on them: a device's
  /// `scale` is what the workbench's playground starts a mockup at, while a manifest job's
  /// scale comes from the `scale` axis alone (the device axis sets the width and margins,
  /// `Device.adjust`), and keying it would change every pinned key (`JobKeyPinTests`).
  static let fieldsThatDecideNoBytes: Set<String> = ["variant.device.scale"]

  /// The stored fields of `value` by `Mirror`, as `prefix.label`; those named in `nested` by
  /// their own fields instead.
  static func fieldPaths(of value: Any, prefix: String, nested: [String: Any] = [:]) -> Set<String>
  {
    var paths = Set<String>()
    for child in Mirror(reflecting: value).children {
      let path = prefix + "." + child.label!
      if let inner = nested[child.label!] {
        paths.formUnion(fieldPaths(of: inner, prefix: path))
      } else {
        paths.insert(path)
      }
    }
    return paths
  }

  @Test func changingAnyStoredFieldOfTheOptionsOrTheVariantChangesTheKey() throws {
    let json =
      #"{"variants": {"device": ["iPhone SE"]}, "items": [{"name": "a", "text": "Words."}]}"#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let job = RenderJob.job(for: manifest.items[0], itemIndex: 0, at: 0)
    let device = try #require(job.variant[VariantAxis.device])
    // The fields as the types have them now: one added to either fails here until it has a
    // change above (and is written into the key).
    let fields = Self.fieldPaths(
      of: job.options, prefix: "options", nested: ["padding": job.options.padding]
    ).union(Self.fieldPaths(of: device, prefix: "variant.device"))
    #expect(Set(Self.fieldChanges.keys).union(Self.fieldsThatDecideNoBytes) == fields)
    let base = JobKey.of(job, in: Self.context)
    for (field, change) in Self.fieldChanges.sorted(by: { $0.key < $1.key }) {
      var changed = job
      change(&changed)
      #expect(JobKey.of(changed, in: Self.context) != base, "\(field)")
    }
    // Every other value of every axis (no device at all among them) changes it too.
    for axis in VariantAxis.all {
      for variant in axis.declaredValues(job.variant) where variant != job.variant {
        var changed = job
        changed.variant = variant
        #expect(JobKey.of(changed, in: Self.context) != base, "\(axis.key) \(variant)")
      }
    }
    // A background changing to another color changes it too.
    var red = job
    red.options.background = Color(.init(red: 1, green: 0, blue: 0))
    var green = job
    green.options.background = Color(.init(red: 0, green: 1, blue: 0))
    #expect(JobKey.of(red, in: Self.context) != JobKey.of(green, in: Self.context))
  }

  /// One change of each stored field of the component (the buttons' and the animation's
  /// fields by their path), to check that ``KeyFields`` writes every field.
  static let componentChanges: [String: @Sendable (inout ExpandableText) -> Void] = [
    "component.text": { $0.text += "!" },
    "component.font": { $0.font = .headline },
    "component.lineLimit": { $0.lineLimit += 1 },
    "component.foregroundColor": { $0.foregroundColor = .red },
    "component.expandButtonChoice.text": { $0.expandButton.text += "!" },
    "component.expandButtonChoice.font": { $0.expandButton.font = .caption },
    "component.expandButtonChoice.color": { $0.expandButton.color = .red },
    "component.collapseButtonChoice.text": { $0.collapseButton?.text += "!" },
    "component.collapseButtonChoice.font": { $0.collapseButton?.font = .caption },
    "component.collapseButtonChoice.color": { $0.collapseButton?.color = .red },
    "component.collapsePlacement": { $0.collapsePlacement = .belowText },
    "component.lineSpacing": { $0.lineSpacing += 1 },
    "component.truncationStyle": { $0.truncationStyle = .ellipsis },
    "component.ellipsis": { $0.ellipsis += "." },
    "component.cutsAtWordBoundaries": { $0.cutsAtWordBoundaries.toggle() },
    "component.direction": { $0.direction = .rightToLeft },
    "component.isMarkdown": { $0.isMarkdown.toggle() },
    "component.tint": { $0.tint = .red },
    "component.expandAnimation.curve": { $0.expandAnimation?.curve = .linear },
    "component.expandAnimation.duration": { $0.expandAnimation?.duration = 1 },
  ]

  static func job(animated: Bool = false) throws -> RenderJob {
    let json =
      #"{"items": [{"name": "a", "text": "Words.""# + (animated ? #", "animation": "easeIn""# : "")
      + "}]}"
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    return RenderJob.job(for: manifest.items[0], itemIndex: 0, at: 0)
  }

  @Test func changingAnyStoredFieldOfTheComponentChangesTheKey() throws {
    let job = try Self.job(animated: true)
    let component = job.component
    let animation = try #require(component.expandAnimation)
    let collapse = try #require(component.collapseButton)
    // The fields as the types have them now: one added fails here until it has a change
    // above (and is written into the key).
    let fields = Self.fieldPaths(
      of: component, prefix: "component",
      nested: [
        "expandButtonChoice": component.expandButton, "collapseButtonChoice": collapse,
        "expandAnimation": animation,
      ])
    #expect(Set(Self.componentChanges.keys) == fields)
    let base = JobKey.of(job, in: Self.context)
    for (field, change) in Self.componentChanges.sorted(by: { $0.key < $1.key }) {
      var changed = job
      change(&changed.component)
      #expect(changed.component != component, "\(field)")
      #expect(JobKey.of(changed, in: Self.context) != base, "\(field)")
    }
    // No collapse button and no animation are values of their own.
    var noCollapse = job
    noCollapse.component.collapseButton = nil
    var noAnimation = job
    noAnimation.component.expandAnimation = nil
    #expect(JobKey.of(noCollapse, in: Self.context) != base)
    #expect(JobKey.of(noAnimation, in: Self.context) != base)
  }

  /// The payloads of a font, a color and an animation curve are enums, written by a `switch`
  /// without `default` (a new case does not compile until written); their structs' fields are
  /// listed here, and every value below must give a key of its own.
  @Test func everyFontColorAndAnimationValueGivesItsOwnKey() throws {
    #expect(Self.fieldPaths(of: Font.body, prefix: "Font") == ["Font.storage"])
    #expect(Self.fieldPaths(of: Color.blue, prefix: "Color") == ["Color.storage"])
    #expect(
      Self.fieldPaths(of: Color.RGBA(red: 0, green: 0, blue: 0), prefix: "RGBA")
        == ["RGBA.red", "RGBA.green", "RGBA.blue", "RGBA.alpha"])
    #expect(
      Self.fieldPaths(of: ExpandAnimation.easeIn, prefix: "animation")
        == ["animation.curve", "animation.duration"])
    #expect(
      Self.fieldPaths(of: TextSet(text: "x"), prefix: "label")
        == ["label.text", "label.font", "label.color"])
    let fonts: [Font] = [
      .body, .headline, .body.family("DejaVu Sans"), .body.family(""), .body.weight(.bold),
      .body.family("DejaVu Sans").weight(.bold), .custom("DejaVu Sans 15"),
      .custom("DejaVu Sans 16"),
    ]
    let rgba = Color.RGBA(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    var channels = [rgba, rgba, rgba, rgba]
    channels[0].red = 0.5
    channels[1].green = 0.5
    channels[2].blue = 0.5
    channels[3].alpha = 0.5
    let colors: [Color] =
      [.red, .green, Color(rgba), Color(light: rgba, dark: rgba)]
      + channels.map { Color($0) }
      + channels.map { Color(light: $0, dark: rgba) }
      + channels.map { Color(light: rgba, dark: $0) }
    let animations: [ExpandAnimation] = [
      .linear, .linear(duration: 1), .easeIn, .easeOut, .easeInOut, .spring,
      .spring(response: 0.5), .spring(dampingFraction: 0.5),
      ExpandAnimation(curve: .timingCurve(x1: 0.42, y1: 0.1, x2: 1, y2: 1), duration: 0.35),
      ExpandAnimation(curve: .timingCurve(x1: 0.42, y1: 0, x2: 1, y2: 0.9), duration: 0.35),
    ]
    // The job's own tint is blue: every color below differs from it, and from each other.
    let job = try Self.job()
    #expect(job.component.tint == .blue)
    var keys: [String] = []
    for font in fonts {
      var changed = job
      changed.component.font = font
      keys.append(JobKey.of(changed, in: Self.context))
    }
    for color in colors {
      var changed = job
      changed.component.tint = color
      keys.append(JobKey.of(changed, in: Self.context))
    }
    for animation in animations {
      var changed = job
      changed.component.expandAnimation = animation
      keys.append(JobKey.of(changed, in: Self.context))
    }
    #expect(Set(fonts).count == fonts.count && Set(colors).count == colors.count)
    #expect(Set(animations).count == animations.count)
    #expect(Set(keys).count == fonts.count + colors.count + animations.count)
  }
}
