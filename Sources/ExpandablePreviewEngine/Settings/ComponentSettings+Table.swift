import ExpandablePreview

extension ComponentSettings {
  /// The library's defaults, which the table's defaults are written from.
  static let libraryComponent = ExpandableText(text: "")
  static let libraryOptions = RenderOptions()
  private static let defaultDuration = FileName.number(ExpandAnimation.defaultDuration)
  private static let defaultFPS = libraryOptions.framesPerSecond
  private static let fpsRange =
    "\(RenderLimits.framesPerSecond.lowerBound)-\(RenderLimits.framesPerSecond.upperBound)"

  /// Every setting, in the order `--help` and the reference list them.
  package static let table: [Setting] = [
    .field(
      \.style, key: "style", summary: "fade | ellipsis", defaultValue: "fade",
      flags: [.init(name: "--style", path: "style", value: .string, valueName: "STYLE")],
      read: ValueReader.choice,
      apply: { style, component, _ in component.truncationStyle = style }),
    .field(
      \.lineLimit, key: "lineLimit",
      summary: "Lines shown when collapsed, 1-\(RenderLimits.maxLineLimit)",
      defaultValue: "\(libraryComponent.lineLimit)",
      flags: [.init(name: "--line-limit", path: "lineLimit", value: .number, valueName: "N")],
      read: ValueReader.lineLimit,
      apply: { limit, component, _ in component.lineLimit = limit }),
    .field(
      \.font, key: "font",
      summary: "Text style (body, headline, …), Pango description with a size "
        + "(\"DejaVu Sans Bold 15\"), or {\"style\", \"family\", \"weight\"}",
      defaultValue: "body",
      flags: [.init(name: "--font", path: "font", value: .string, valueName: "FONT")],
      read: ValueReader.font,
      apply: { font, component, _ in component.font = font }),
    .field(
      \.color, key: "color", summary: "Text color: #RRGGBB, #RRGGBBAA or a system color",
      defaultValue: "primary",
      flags: [.init(name: "--color", path: "color", value: .string, valueName: "COLOR")],
      read: ValueReader.color,
      apply: { color, component, _ in component.foregroundColor = color }),
    .field(
      \.lineSpacing, key: "lineSpacing", summary: "Extra points between lines",
      defaultValue: FileName.number(libraryComponent.lineSpacing),
      flags: [
        .init(name: "--line-spacing", path: "lineSpacing", value: .number, valueName: "POINTS")
      ],
      read: ValueReader.lineSpacing,
      apply: { spacing, component, _ in component.lineSpacing = spacing }),
    .field(
      \.ellipsis, key: "ellipsis", summary: "Ellipsis style separator", defaultValue: "\"... \"",
      flags: [.init(name: "--ellipsis", path: "ellipsis", value: .string, valueName: "TEXT")],
      read: ValueReader.string,
      apply: { ellipsis, component, _ in component.ellipsis = ellipsis }),
    .field(
      \.cutsAtWordBoundaries, key: "cutsAtWordBoundaries",
      summary: "Ellipsis style: cut only where a word ends", defaultValue: "false",
      flags: [
        .init(
          name: "--word-boundaries", path: "cutsAtWordBoundaries", value: .presence,
          valueName: "")
      ],
      read: ValueReader.bool,
      apply: { cuts, component, _ in component.cutsAtWordBoundaries = cuts }),
    .field(
      \.direction, key: "direction", summary: "natural | leftToRight | rightToLeft",
      defaultValue: "natural",
      flags: [.init(name: "--direction", path: "direction", value: .string, valueName: "DIR")],
      read: ValueReader.choice,
      apply: { direction, component, _ in component.direction = direction }),
    .field(
      \.markdown, key: "markdown",
      summary: "Read the text as inline Markdown: **strong**, *emphasis*, `code`, "
        + "~~strikethrough~~, [links](url); block syntax stays literal",
      defaultValue: "false",
      flags: [.init(name: "--markdown", path: "markdown", value: .presence, valueName: "")],
      read: ValueReader.bool,
      apply: { markdown, component, _ in component.isMarkdown = markdown }),
    .field(
      \.tint, key: "tint", summary: "Color of Markdown links", defaultValue: "blue",
      flags: [.init(name: "--tint", path: "tint", value: .string, valueName: "COLOR")],
      read: ValueReader.color,
      apply: { tint, component, _ in component.tint = tint }),
    .field(
      \.formats, key: "formats",
      summary: "The files render writes: an array of png, svg, pdf (render --format "
        + "overrides it; verify checks PNG goldens only)",
      defaultValue: "[\"png\"]",
      read: ValueReader.formats,
      apply: { _, _, _ in }),
    .field(
      \.language, key: "language",
      summary: "The text's language, a BCP 47 tag (en, ja, zh-Hans, zh-Hant, ko, ar, …): "
        + "shaping and Han glyph forms; never the locale",
      defaultValue: RenderOptions.defaultLanguage,
      flags: [.init(name: "--language", path: "language", value: .string, valueName: "TAG")],
      read: ValueReader.language,
      apply: { language, _, options in options.language = language }),
    Setting(
      key: "expandButton",
      summary: "{\"text\", \"font\", \"color\"} or a string; font null = the text's font",
      defaultValue:
        "fade {\"text\": \"more\", \"font\": \"callout\", \"color\": \"blue\"}, "
        + "ellipsis {\"text\": \"More\", \"font\": \"body\", \"color\": \"blue\"}",
      flags: [
        .init(
          name: "--more", path: "expandButton.text", value: .string, valueName: "TEXT",
          summary: "Expand label (default \"\(libraryComponent.expandButton.text)\"; ellipsis "
            + "\"\(libraryComponent.truncationStyle(.ellipsis).expandButton.text)\")"),
        .init(
          name: "--more-font", path: "expandButton.font", value: .string, valueName: "FONT",
          summary: "Expand label font (default callout; ellipsis body)"),
        .init(
          name: "--more-color", path: "expandButton.color", value: .string, valueName: "COLOR",
          summary: "Expand label color (default blue)"),
      ],
      read: { object, settings throws(ManifestError) in
        if let node = object["expandButton"] {
          settings.expandButton = try LabelSettings(
            reading: node, keys: LabelSettings.expandKeys, key: "expandButton", in: object)
        }
      },
      merge: { merged, base in
        switch (base.expandButton, merged.expandButton) {
        case (let base?, let override?): merged.expandButton = base.overridden(by: override)
        case (let base, let override): merged.expandButton = override ?? base
        }
      },
      apply: { settings, component, _ in
        if let label = settings.expandButton {
          component.expandButton = label.textSet(over: component.expandButton)
        }
      }),
    Setting(
      key: "collapseButton",
      summary: "null or {\"text\", \"font\", \"color\", \"placement\": lastLine | belowText} "
        + "or a string; unset fields take the reference's collapse label (callout, blue), not the "
        + "expand label's",
      defaultValue: "fade {\"text\": \"collapse\", \"font\": \"callout\", \"color\": \"blue\"}; "
        + "ellipsis null: none",
      flags: [
        .init(
          name: "--less", path: "collapseButton.text", value: .string, valueName: "TEXT",
          summary: "Collapse label shown when expanded (default \"collapse\" in the fade style, "
            + "none in the ellipsis style; null: none)"),
        .init(
          name: "--less-placement", path: "collapseButton.placement", value: .string,
          valueName: "WHERE", summary: "lastLine (default) or belowText"),
      ],
      read: { object, settings throws(ManifestError) in
        if object.isNull("collapseButton") {
          settings.collapseButton = .null
        } else if let node = object["collapseButton"] {
          settings.collapseButton = .value(
            try LabelSettings(
              reading: node, keys: LabelSettings.collapseKeys, key: "collapseButton", in: object))
        }
      },
      merge: { merged, base in
        switch (base.collapseButton, merged.collapseButton) {
        case (.value(let base)?, .value(let override)?):
          merged.collapseButton = .value(base.overridden(by: override))
        case (let base, let override): merged.collapseButton = override ?? base
        }
      },
      apply: { settings, component, _ in
        // Unset fields take the reference's collapse label, not the item's expand label; the
        // style is applied before (it comes first in the table), so unset means its default.
        switch settings.collapseButton {
        case nil: break
        case .null?: component.collapseButton = nil
        case .value(let collapse)?:
          component.collapseButton = collapse.textSet(
            over: ExpandableText.defaultCollapseButton(for: .fade)
              ?? TextSet(text: "collapse", font: .callout))
          component.collapsePlacement = collapse.placement ?? .lastLine
        }
      }),
    .field(
      \.device, key: "device",
      summary: "An iPhone or iPad in portrait: its width, and its margins as leading and "
        + "trailing padding (\(Device.all.map(\.name).joined(separator: ", "))); "
        + "width and padding win over it",
      defaultValue: "none",
      flags: [.init(name: "--device", path: "device", value: .string, valueName: "NAME")],
      read: ValueReader.device,
      apply: { device, _, options in options.apply(device) }),
    .field(
      \.width, key: "width",
      summary: "Image width in points, above 0 and at most \(Int(RenderLimits.maxWidth))",
      defaultValue: FileName.number(libraryOptions.width),
      flags: [.init(name: "--width", path: "width", value: .number, valueName: "POINTS")],
      read: ValueReader.width,
      apply: { width, _, options in options.width = width }),
    .field(
      \.scale, key: "scale",
      summary:
        "Pixels per point, \(RenderLimits.scales.lowerBound)-\(RenderLimits.scales.upperBound)",
      defaultValue: "\(libraryOptions.scale)",
      flags: [.init(name: "--scale", path: "scale", value: .number, valueName: "N")],
      read: ValueReader.scale,
      apply: { scale, _, options in options.scale = scale }),
    .field(
      \.appearance, key: "appearance", summary: "light | dark", defaultValue: "light",
      flags: [
        .init(name: "--appearance", path: "appearance", value: .string, valueName: "MODE")
      ],
      read: ValueReader.choice,
      apply: { appearance, _, options in options.appearance = appearance }),
    .field(
      \.dynamicType, key: "dynamicType",
      summary: "xSmall … xxxLarge, accessibility1 … accessibility5; scales text styles only, "
        + "never a Pango description",
      defaultValue: "large",
      flags: [
        .init(name: "--dynamic-type", path: "dynamicType", value: .string, valueName: "SIZE")
      ],
      read: ValueReader.choice,
      apply: { size, _, options in options.dynamicType = size }),
    .field(
      \.legibilityWeight, key: "legibilityWeight",
      summary: "regular | bold: the Bold Text setting; text styles one weight heavier "
        + "(regular to medium, semibold to bold), never a Pango description",
      defaultValue: "regular",
      flags: [
        .init(
          name: "--legibility-weight", path: "legibilityWeight", value: .string,
          valueName: "WEIGHT")
      ],
      read: ValueReader.choice,
      apply: { weight, _, options in options.legibilityWeight = weight }),
    .field(
      \.colorSchemeContrast, key: "colorSchemeContrast",
      summary: "standard | increased: the Increase Contrast setting; system colors take "
        + "their increased-contrast values, hex colors stay",
      defaultValue: "standard",
      flags: [
        .init(
          name: "--color-scheme-contrast", path: "colorSchemeContrast", value: .string,
          valueName: "CONTRAST")
      ],
      read: ValueReader.choice,
      apply: { contrast, _, options in options.colorSchemeContrast = contrast }),
    .field(
      \.padding, key: "padding",
      summary: "Points: one number or [top, leading, bottom, trailing] "
        + "(flag: one value or T,L,B,T)",
      defaultValue: "0",
      flags: [.init(name: "--padding", path: "padding", value: .numbers, valueName: "P")],
      read: ValueReader.padding,
      apply: { padding, _, options in options.padding = padding }),
    .field(
      \.background, key: "background",
      summary: "A color, or null for the appearance's system background", defaultValue: "null",
      flags: [
        .init(name: "--background", path: "background", value: .string, valueName: "COLOR")
      ],
      read: { object, key throws(ManifestError) in
        if object.isNull(key) { return .null }
        return try object.read(key) { reader, node throws(ManifestError) in
          .value(try reader.color(node))
        }
      },
      apply: { background, _, options in options.background = background.wrapped }),
    Setting(
      key: "animation",
      summary: "The expansion animation: linear | easeIn | easeOut | easeInOut | spring, or "
        + "{\"curve\", \"duration\" (seconds), \"fps\", \"response\", \"dampingFraction\"}; "
        + "renders the 'expanding' (and 'collapsing') states as animated PNG; null: none",
      defaultValue: "none; duration \(ExpandAnimation.defaultDuration), fps 60, spring "
        + "\(ExpandAnimation.defaultSpringResponse) and \(ExpandAnimation.defaultDampingFraction)",
      flags: [
        .init(
          name: "--animate", path: "animation.curve", value: .string, valueName: "CURVE",
          summary: "Render the expansion animation (animated PNG) with this curve: linear, "
            + "easeIn, easeOut, easeInOut or spring"),
        .init(
          name: "--animate-duration", path: "animation.duration", value: .number,
          valueName: "SECONDS",
          summary: "The animation's duration (default \(defaultDuration))"),
        .init(
          name: "--fps", path: "animation.fps", value: .number, valueName: "N",
          summary: "The animation's frames per second, \(fpsRange) (default \(defaultFPS))"),
      ],
      read: { object, settings throws(ManifestError) in
        if object.isNull("animation") {
          settings.animation = .null
        } else if let node = object["animation"] {
          settings.animation = .value(
            try AnimationSettings(reading: node, key: "animation", in: object))
        }
      },
      merge: { merged, base in
        switch (base.animation, merged.animation) {
        case (.value(let base)?, .value(let override)?):
          merged.animation = .value(base.overridden(by: override))
        case (let base, let override): merged.animation = override ?? base
        }
      },
      apply: { settings, component, options in
        guard let animation = settings.animation?.wrapped else { return }
        component.expandAnimation = animation.animation
        if let fps = animation.fps { options.framesPerSecond = fps }
      }),
    .field(
      \.reduceMotion, key: "accessibilityReduceMotion",
      summary: "The Reduce Motion setting: the animation is a dissolve between the two stills "
        + "instead of the height change",
      defaultValue: "false",
      flags: [
        .init(
          name: "--reduce-motion", path: "accessibilityReduceMotion", value: .presence,
          valueName: "")
      ],
      read: ValueReader.bool,
      apply: { reduce, _, options in options.accessibilityReduceMotion = reduce }),
    .field(
      \.accessibilityOverlay, key: "accessibilityOverlay",
      summary: "Also write each still's accessibility overlay (<file>-accessibility@Nx.png): "
        + "the elements VoiceOver gets, tinted, with a legend of label and traits; refused "
        + "for an animation alone or without PNG",
      defaultValue: "false",
      flags: [
        .init(
          name: "--accessibility-overlay", path: "accessibilityOverlay", value: .presence,
          valueName: "")
      ],
      read: ValueReader.bool,
      apply: { _, _, _ in }),
    .field(
      \.states, key: "states",
      summary: "\"collapsed\", \"expanded\", \"both\", \"expanding\", \"collapsing\" or an "
        + "array (render --text: --state); expanding and collapsing are animations",
      defaultValue: "both, and expanding (and collapsing with a collapse label) with an animation",
      read: ValueReader.states,
      apply: { _, _, _ in }),
  ]
}
