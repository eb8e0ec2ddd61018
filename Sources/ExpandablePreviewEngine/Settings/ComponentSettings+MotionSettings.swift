import ExpandablePreview

extension ComponentSettings {
  private static let defaultDuration = FileName.number(ExpandAnimation.defaultDuration)
  private static let defaultFPS = libraryOptions.framesPerSecond
  private static let fpsRange =
    "\(RenderLimits.framesPerSecond.lowerBound)-\(RenderLimits.framesPerSecond.upperBound)"

  /// The animation and what is written: Reduce Motion, the accessibility overlay, the states.
  static let motionSettings: [Setting] = [
    Setting(
      key: "animation",
      summary: "The expansion animation: linear | easeIn | easeOut | easeInOut | spring, or "
        + "{\"curve\", \"duration\" (seconds), \"fps\", \"response\", \"dampingFraction\"}; "
        + "renders the 'expanding' (and 'collapsing') states as animated PNG; null: none",
      defaultValue: "none; duration \(ExpandAnimation.defaultDuration), fps 60, spring "
        + "\(ExpandAnimation.defaultSpringResponse) and \(ExpandAnimation.defaultDampingFraction)",
      reference: ReferenceRow(
        #"string, object or `null`"#, #"`null`"#,
        #"The expansion animation, rendered as animated PNG ([Animations](#animations)): a "#,
        #"curve, `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` or `"spring"`, or `{"curve", "#,
        #""duration", "fps", "response", "dampingFraction"}`: `duration` in seconds for the "#,
        #"timing curves (0.35, at most 60), `fps` 1–240 (60), with duration × fps at most 3,600 "#,
        #"(3,601 frames), `response` (0.55 s) and `dampingFraction` (0.825) for the spring, "#,
        #"which lasts until it settles. An item's object overrides the defaults' field by field; "#,
        #"`null` switches off the defaults' animation."#),
      flags: [
        .init(
          name: "--animate", path: "animation.curve",
          input: .choice(of: AnimationSettings.Curve.self), valueName: "CURVE", label: "Curve",
          summary: "Render the expansion animation (animated PNG) with this curve: linear, "
            + "easeIn, easeOut, easeInOut or spring", swift: .animation("curve")),
        .init(
          name: "--animate-duration", path: "animation.duration", input: .number(),
          valueName: "SECONDS", label: "Duration",
          summary: "The animation's duration (default \(defaultDuration))",
          swift: .animation("duration")),
        .init(
          name: "--fps", path: "animation.fps", input: .number(), valueName: "N",
          label: "Frames per second",
          summary: "The animation's frames per second, \(fpsRange) (default \(defaultFPS))",
          swift: .property("framesPerSecond")),
      ],
      read: { object, settings throws(ManifestError) in
        if object.isNull("animation") {
          settings.animation = .null
        } else if let node = object["animation"] {
          settings.animation = .value(
            try AnimationSettings(reading: node, key: "animation", in: object))
        }
      },
      merge: Setting.mergeFields(\.animation),
      apply: { settings, component, options in
        guard let animation = settings.animation?.wrapped else { return }
        component.expandAnimation = animation.animation
        if let fps = animation.fps { options.framesPerSecond = fps }
      }
    ),
    .field(
      \.reduceMotion, key: "accessibilityReduceMotion",
      summary: "The Reduce Motion setting: the animation is a dissolve between the two stills "
        + "instead of the height change",
      defaultValue: "false",
      reference: ReferenceRow(
        #"boolean"#, #"`false`"#,
        #"The Reduce Motion setting: the animation is a dissolve between the two stills instead "#,
        #"of the height change ([Reduce Motion](Component.md#reduce-motion))."#),
      flags: [
        .init(
          name: "--reduce-motion", input: .toggle,
          valueName: "", label: "Reduce Motion", swift: .property("accessibilityReduceMotion"))
      ],
      read: ValueReader.bool,
      apply: { reduce, _, options in options.accessibilityReduceMotion = reduce }
    ),
    .field(
      \.accessibilityOverlay, key: "accessibilityOverlay",
      summary: "Also write each still's accessibility overlay (<file>-accessibility@Nx.png): "
        + "the elements VoiceOver gets, tinted, with a legend of label and traits; refused "
        + "for an animation alone or without PNG",
      defaultValue: "false",
      reference: ReferenceRow(
        #"boolean"#, #"`false`"#,
        #"Also write each still's accessibility overlay, "#,
        #"`<state>[-<value>…]-accessibility@<scale>x.png` ([What VoiceOver "#,
        #"gets](Component.md#what-voiceover-gets)); listed in `moreFiles`. Stills only: an item "#,
        #"whose `states` are only animations, or whose `formats` lack `png`, is refused naming "#,
        #"the item and key."#),
      flags: [
        .init(
          name: "--accessibility-overlay", input: .toggle,
          valueName: "", label: "Accessibility overlay")
      ],
      read: ValueReader.bool,
      apply: { _, _, _ in }
    ),
    .field(
      \.states, key: "states",
      summary: "\"collapsed\", \"expanded\", \"both\", \"expanding\", \"collapsing\" or an "
        + "array (render --text: --state); expanding and collapsing are animations",
      defaultValue: "both, and expanding (and collapsing with a collapse label) with an animation",
      reference: ReferenceRow(
        #"`"collapsed"`, `"expanded"`, `"both"`, `"expanding"`, `"collapsing"` or an array"#,
        #"`"both"`; with an animation also `"expanding"`, and `"collapsing"` when there is a "#
          + #"collapse label"#,
        #"Which states to render; `expanding` and `collapsing` are the animations."#),
      read: ValueReader.states,
      apply: { _, _, _ in }
    ).named(onCommandLine: "--state"),
  ]
}
