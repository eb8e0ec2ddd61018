import ExpandablePreview

extension ComponentSettings {
  /// How the text is set: style, lines, font, colors, Markdown, language, and the formats.
  static let textSettings: [Setting] = [
    .field(
      \.style, key: "style", summary: "fade | ellipsis", defaultValue: "fade",
      reference: ReferenceRow(
        #"`"fade"` \| `"ellipsis"`"#, #"`"fade"`"#,
        #"How the collapsed text ends."#),
      flags: [
        .init(
          name: "--style", input: .choice(of: TruncationStyle.self),
          valueName: "STYLE", label: "Truncation style", swift: .modifier("truncationStyle"))
      ],
      read: ValueReader.choice,
      apply: { style, component, _ in component.truncationStyle = style }),
    .field(
      \.lineLimit, key: "lineLimit",
      summary: "Lines shown when collapsed, 1-\(RenderLimits.maxLineLimit)",
      defaultValue: "\(libraryComponent.lineLimit)",
      reference: ReferenceRow(
        #"integer 1–1000"#, #"`3`"#,
        #"Lines shown when collapsed."#),
      flags: [
        .init(
          name: "--line-limit", input: .number(1...Double(RenderLimits.maxLineLimit)),
          valueName: "N",
          label: "Line limit", swift: .modifier("lineLimit"))
      ],
      read: ValueReader.lineLimit,
      apply: { limit, component, _ in component.lineLimit = limit }),
    .field(
      \.font, key: "font",
      summary: "Text style (body, headline, …), Pango description with a size "
        + "(\"DejaVu Sans Bold 15\"), or {\"style\", \"family\", \"weight\"}",
      defaultValue: "body",
      reference: ReferenceRow(
        #"string or object"#, #"`"body"`"#,
        #"A text style (`largeTitle`, `title`, `title2`, `title3`, `headline`, `subheadline`, "#,
        #"`body`, `callout`, `footnote`, `caption`, `caption2`), a Pango description ending in a "#,
        #"size (`"DejaVu Serif 16"`), or `{"style", "family", "weight"}` with `weight` one of "#,
        #"`ultraLight`, `thin`, `light`, `regular`, `medium`, `semibold`, `bold`, `heavy`, "#,
        #"`black`."#),
      flags: [
        .init(
          name: "--font", input: .font, valueName: "FONT", label: "Font",
          swift: .modifier("font"))
      ],
      read: ValueReader.font,
      apply: { font, component, _ in component.font = font }),
    .field(
      \.color, key: "color", summary: "Text color: #RRGGBB, #RRGGBBAA or a system color",
      defaultValue: "primary",
      reference: ReferenceRow(
        #"color"#, #"`"primary"`"#,
        #"Text color: `#RRGGBB`, `#RRGGBBAA` or an iOS system color name (`primary`, "#,
        #"`secondary`, `blue`, `systemBackground`, …), resolved per appearance."#),
      flags: [
        .init(
          name: "--color", input: .color, valueName: "COLOR", label: "Text color",
          swift: .modifier("foregroundColor"))
      ],
      read: ValueReader.color,
      apply: { color, component, _ in component.foregroundColor = color }),
    .field(
      \.lineSpacing, key: "lineSpacing", summary: "Extra points between lines",
      defaultValue: FileName.number(libraryComponent.lineSpacing),
      reference: ReferenceRow(
        #"number ≥ 0"#, #"`0`"#,
        #"Extra points between lines."#),
      flags: [
        .init(
          name: "--line-spacing", input: .number(), valueName: "POINTS",
          label: "Line spacing", swift: .modifier("lineSpacing"))
      ],
      read: ValueReader.lineSpacing,
      apply: { spacing, component, _ in component.lineSpacing = spacing }),
    .field(
      \.ellipsis, key: "ellipsis", summary: "Ellipsis style separator", defaultValue: "\"... \"",
      reference: ReferenceRow(
        #"string"#, #"`"... "`"#,
        #"Ellipsis style: what goes between the kept text and the label."#),
      flags: [
        .init(
          name: "--ellipsis", input: .text, valueName: "TEXT",
          label: "Ellipsis", swift: .modifier("ellipsis"))
      ],
      read: ValueReader.string,
      apply: { ellipsis, component, _ in component.ellipsis = ellipsis }),
    .field(
      \.cutsAtWordBoundaries, key: "cutsAtWordBoundaries",
      summary: "Ellipsis style: cut only where a word ends", defaultValue: "false",
      reference: ReferenceRow(
        #"boolean"#, #"`false`"#,
        #"Ellipsis style: cut only where a word ends."#),
      flags: [
        .init(
          name: "--word-boundaries", input: .toggle, valueName: "",
          label: "Cut at word boundaries", swift: .modifier("cutsAtWordBoundaries"))
      ],
      read: ValueReader.bool,
      apply: { cuts, component, _ in component.cutsAtWordBoundaries = cuts }),
    .field(
      \.direction, key: "direction", summary: "natural | leftToRight | rightToLeft",
      defaultValue: "natural",
      reference: ReferenceRow(
        #"`"natural"` \| `"leftToRight"` \| `"rightToLeft"`"#, #"`"natural"`"#,
        #"Base text direction."#),
      flags: [
        .init(
          name: "--direction", input: .choice(of: TextDirection.self),
          valueName: "DIR", label: "Writing direction", swift: .modifier("direction"))
      ],
      read: ValueReader.choice,
      apply: { direction, component, _ in component.direction = direction }),
    .field(
      \.markdown, key: "markdown",
      summary: "Read the text as inline Markdown: **strong**, *emphasis*, `code`, "
        + "~~strikethrough~~, [links](url); block syntax stays literal",
      defaultValue: "false",
      reference: ReferenceRow(
        #"boolean"#, #"`false`"#,
        #"Read the text as inline Markdown ([Markdown](Component.md#markdown))."#),
      flags: [
        .init(
          name: "--markdown", input: .toggle, valueName: "", label: "Markdown",
          swift: .modifier("markdown"))
      ],
      read: ValueReader.bool,
      apply: { markdown, component, _ in component.isMarkdown = markdown }),
    .field(
      \.tint, key: "tint", summary: "Color of Markdown links", defaultValue: "blue",
      reference: ReferenceRow(
        #"color"#, #"`"blue"`"#,
        #"The color of Markdown links."#),
      flags: [
        .init(
          name: "--tint", input: .color, valueName: "COLOR", label: "Tint",
          swift: .modifier("tint"))
      ],
      read: ValueReader.color,
      apply: { tint, component, _ in component.tint = tint }),
    .field(
      \.formats, key: "formats",
      summary: "The files render writes: an array of png, svg, pdf (render --format "
        + "overrides it; verify checks PNG goldens only)",
      defaultValue: "[\"png\"]",
      reference: ReferenceRow(
        #"array of `"png"`, `"svg"`, `"pdf"`"#, #"`["png"]`"#,
        #"The files `render` writes ([SVG and PDF](Component.md#svg-and-pdf)); `render --format` "#,
        #"overrides it; `verify` checks the PNGs only."#),
      read: ValueReader.formats,
      apply: { _, _, _ in }
    ).named(onCommandLine: "--format"),
    .field(
      \.language, key: "language",
      summary: "The text's language, a BCP 47 tag (en, ja, zh-Hans, zh-Hant, ko, ar, …): "
        + "shaping and Han glyph forms; never the locale",
      defaultValue: RenderOptions.defaultLanguage,
      reference: ReferenceRow(
        #"BCP 47 tag"#, #"`"en"`"#,
        #"The text's language (`ja`, `zh-Hans`, `zh-Hant`, `ko`, `ar`, …): shaping and Han glyph "#,
        #"forms ([Fonts and language](Fonts.md)); never the locale."#),
      flags: [
        .init(
          name: "--language", input: .text, valueName: "TAG",
          label: "Language", swift: .option("language"))
      ],
      read: ValueReader.language,
      apply: { language, _, options in options.language = language }),
  ]
}
