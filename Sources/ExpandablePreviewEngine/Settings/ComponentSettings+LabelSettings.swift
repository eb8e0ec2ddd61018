import ExpandablePreview

extension ComponentSettings {
  /// The expand and the collapse label, each merged field by field.
  static let labelSettings: [Setting] = [
    Setting(
      key: "expandButton",
      summary: "{\"text\", \"font\", \"color\"} or a string; font null = the text's font",
      defaultValue:
        "fade {\"text\": \"more\", \"font\": \"callout\", \"color\": \"blue\"}, "
        + "ellipsis {\"text\": \"More\", \"font\": \"body\", \"color\": \"blue\"}",
      reference: ReferenceRow(
        #"object or string"#,
        #"fade `{"text": "more", "font": "callout", "color": "blue"}`, ellipsis `{"text": "#
          + #""More", "font": "body", "color": "blue"}`"#,
        #"The "more" label: `text`, `font` (as above; `null` = the text's font), `color`. A "#,
        #"string is short for `{"text": …}`. An item's object overrides the defaults' field by "#,
        #"field. The defaults are the references' ([Defaults](Component.md#defaults))."#),
      flags: [
        .init(
          name: "--more", path: "expandButton.text", input: .text, valueName: "TEXT",
          label: "Label text",
          summary: "Expand label (default \"\(libraryComponent.expandButton.text)\"; ellipsis "
            + "\"\(libraryComponent.truncationStyle(.ellipsis).expandButton.text)\")",
          swift: .label("text")),
        .init(
          name: "--more-font", path: "expandButton.font", input: .font, valueName: "FONT",
          label: "Label font", summary: "Expand label font (default callout; ellipsis body)",
          swift: .label("font")),
        .init(
          name: "--more-color", path: "expandButton.color", input: .color, valueName: "COLOR",
          label: "Label color", summary: "Expand label color (default blue)",
          swift: .label("color")),
      ],
      read: { object, settings throws(ManifestError) in
        if let node = object["expandButton"] {
          settings.expandButton = try LabelSettings(
            reading: node, keys: LabelSettings.expandKeys, key: "expandButton", in: object)
        }
      },
      merge: Setting.mergeFields(\.expandButton),
      apply: { settings, component, _ in
        if let label = settings.expandButton {
          component.expandButton = label.textSet(over: component.expandButton)
        }
      }
    ),
    Setting(
      key: "collapseButton",
      summary: "null or {\"text\", \"font\", \"color\", \"placement\": lastLine | belowText} "
        + "or a string; unset fields take the reference's collapse label (callout, blue), not the "
        + "expand label's",
      defaultValue: "fade {\"text\": \"collapse\", \"font\": \"callout\", \"color\": \"blue\"}; "
        + "ellipsis null: none",
      reference: ReferenceRow(
        #"object, string or `null`"#,
        #"fade `{"text": "collapse", "font": "callout", "color": "blue"}`, ellipsis `null`"#,
        #"The label shown when expanded: `text` (required), `font` (`"callout"`), `color` "#,
        #"(`"blue"`), `placement` (`"lastLine"` or `"belowText"`, default `"lastLine"`; in the "#,
        #"ellipsis style `lastLine` puts it after the text). `null` removes it (`--less null`)."#),
      flags: [
        .init(
          name: "--less", path: "collapseButton.text", input: .text, valueName: "TEXT",
          label: "Label text",
          summary: "Collapse label shown when expanded (default \"collapse\" in the fade style, "
            + "none in the ellipsis style; null: none)", swift: .label("text")),
        .init(
          name: "--less-placement", path: "collapseButton.placement",
          input: .choice(of: CollapsePlacement.self), valueName: "WHERE", label: "Placement",
          summary: "lastLine (default) or belowText", swift: .label("placement")),
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
      merge: Setting.mergeFields(\.collapseButton),
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
      }
    ),
  ]
}
