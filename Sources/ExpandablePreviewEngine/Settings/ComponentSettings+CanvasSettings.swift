import ExpandablePreview

extension ComponentSettings {
  /// The canvas and the iOS settings it is seen under: the variant axes' settings (each axis
  /// of ``VariantAxis/all`` varies the setting of its key), padding and background.
  static let canvasSettings: [Setting] = [
    .field(
      \.device, key: "device",
      summary: "An iPhone or iPad in portrait: its width, and its margins as leading and "
        + "trailing padding (\(Device.all.map(\.name).joined(separator: ", "))); "
        + "width and padding win over it",
      defaultValue: "none",
      reference: ReferenceRow(
        #"device name"#, #"none"#,
        #"An iPhone or iPad in portrait ([Devices](Component.md#devices)): its width, and its "#,
        #"margins as leading and trailing padding. `width` and `padding` win over it."#),
      flags: [
        .init(
          name: "--device", input: .choice(Device.all.map(\.name)),
          valueName: "NAME", label: "Device", swift: .device)
      ],
      read: ValueReader.device,
      apply: { device, _, options in options.apply(device) }
    ),
    .field(
      \.width, key: "width",
      summary: "Image width in points, above 0 and at most \(Int(RenderLimits.maxWidth))",
      defaultValue: FileName.number(libraryOptions.width),
      reference: ReferenceRow(
        #"number > 0"#, #"`375`"#,
        #"Image width in points, at most 10,000."#),
      flags: [
        .init(
          name: "--width", input: .slider(1...RenderLimits.maxWidth),
          valueName: "POINTS", label: "Width", swift: .option("width"))
      ],
      read: ValueReader.width,
      apply: { width, _, options in options.width = width }
    ),
    .field(
      \.scale, key: "scale",
      summary:
        "Pixels per point, \(RenderLimits.scales.lowerBound)-\(RenderLimits.scales.upperBound)",
      defaultValue: "\(libraryOptions.scale)",
      reference: ReferenceRow(
        #"integer 1–4"#, #"`2`"#,
        #"Pixels per point."#),
      flags: [
        .init(
          name: "--scale",
          input: .number(
            Double(RenderLimits.scales.lowerBound)...Double(RenderLimits.scales.upperBound)),
          valueName: "N", label: "Scale", swift: .option("scale"))
      ],
      read: ValueReader.scale,
      apply: { scale, _, options in options.scale = scale }
    ),
    .field(
      \.appearance, key: "appearance", summary: "light | dark", defaultValue: "light",
      reference: ReferenceRow(
        #"`"light"` \| `"dark"`"#, #"`"light"`"#,
        #"Resolves system colors."#),
      flags: [
        .init(
          name: "--appearance",
          input: .choice(of: Appearance.self, labels: ["light": "Light", "dark": "Dark"]),
          valueName: "MODE", label: "Appearance", swift: .option("appearance"))
      ],
      read: ValueReader.choice,
      apply: { appearance, _, options in options.appearance = appearance }
    ),
    .field(
      \.dynamicType, key: "dynamicType",
      summary: "xSmall … xxxLarge, accessibility1 … accessibility5; scales text styles only, "
        + "never a Pango description",
      defaultValue: "large",
      reference: ReferenceRow(
        #"size"#, #"`"large"`"#,
        #"`xSmall`, `small`, `medium`, `large`, `xLarge`, `xxLarge`, `xxxLarge`, "#,
        #"`accessibility1` … `accessibility5`; scales text styles with iOS's size table, never a "#,
        #"Pango description."#),
      flags: [
        .init(
          name: "--dynamic-type", input: .choice(of: DynamicTypeSize.self),
          valueName: "SIZE", label: "Text Size (Dynamic Type)", swift: .option("dynamicType"))
      ],
      read: ValueReader.choice,
      apply: { size, _, options in options.dynamicType = size }
    ),
    .field(
      \.legibilityWeight, key: "legibilityWeight",
      summary: "regular | bold: the Bold Text setting; text styles one weight heavier "
        + "(regular to medium, semibold to bold), never a Pango description",
      defaultValue: "regular",
      reference: ReferenceRow(
        #"`"regular"` \| `"bold"`"#, #"`"regular"`"#,
        #"The Bold Text setting: text styles one weight heavier ([Accessibility "#,
        #"settings](Component.md#accessibility-settings))."#),
      flags: [
        .init(
          name: "--legibility-weight",
          input: .choice(of: LegibilityWeight.self, labels: ["regular": "Off", "bold": "On"]),
          valueName: "WEIGHT", label: "Bold Text", swift: .property("legibilityWeight"))
      ],
      read: ValueReader.choice,
      apply: { weight, _, options in options.legibilityWeight = weight }
    ),
    .field(
      \.colorSchemeContrast, key: "colorSchemeContrast",
      summary: "standard | increased: the Increase Contrast setting; system colors take "
        + "their increased-contrast values, hex colors stay",
      defaultValue: "standard",
      reference: ReferenceRow(
        #"`"standard"` \| `"increased"`"#, #"`"standard"`"#,
        #"The Increase Contrast setting: system colors take their increased-contrast values "#,
        #"([sources](Component.md#accessibility-settings)); hex colors stay."#),
      flags: [
        .init(
          name: "--color-scheme-contrast",
          input: .choice(
            of: ColorSchemeContrast.self, labels: ["standard": "Off", "increased": "On"]),
          valueName: "CONTRAST", label: "Increase Contrast",
          swift: .property("colorSchemeContrast"))
      ],
      read: ValueReader.choice,
      apply: { contrast, _, options in options.colorSchemeContrast = contrast }
    ),
    .field(
      \.padding, key: "padding",
      summary: "Points: one number or [top, leading, bottom, trailing] "
        + "(flag: one number or top,leading,bottom,trailing: 8,16,8,16)",
      defaultValue: "0",
      reference: ReferenceRow(
        #"number or `[top, leading, bottom, trailing]`"#, #"`0`"#,
        #"Points around the text."#),
      flags: [
        .init(
          name: "--padding", input: .numbers, valueName: "P", label: "Padding",
          swift: .option("padding"))
      ],
      read: ValueReader.padding,
      apply: { padding, _, options in options.padding = padding }
    ),
    .field(
      \.background, key: "background",
      summary: "A color, or null for the appearance's system background", defaultValue: "null",
      reference: ReferenceRow(
        #"color or `null`"#, #"`null`"#,
        #"Fill behind the text; `null` is the appearance's system background."#),
      flags: [
        .init(
          name: "--background", input: .color, valueName: "COLOR",
          label: "Background", swift: .option("background"))
      ],
      read: { object, key throws(ManifestError) in
        if object.isNull(key) { return .null }
        return try object.read(key) { reader, node throws(ManifestError) in
          .value(try reader.color(node))
        }
      },
      apply: { background, _, options in options.background = background.wrapped }
    ),
  ]
}
