import ExpandablePreview

extension ManifestItem {
  /// The item `settings` describe for `text`, multiplied by `variants`: what a manifest's item
  /// and `render --text` both become, with the same rules between states, formats and overlay.
  /// Without `states` an item renders every state its component has.
  /// - Throws: the first ``ItemRule`` the settings break.
  init(name: String, text: String, settings: ComponentSettings, variants: VariantAxes)
    throws(ItemRule)
  {
    let (component, options) = settings.applied(text: text)
    if let broken = ItemRule.check(settings, component) { throw broken }
    let states = settings.states ?? OutputState.defaults(for: component)
    let formats = settings.formats ?? [.png]
    let overlay = settings.accessibilityOverlay ?? false
    self.init(
      name: name, component: component, options: options, matrix: variants.matrix(over: options),
      states: states, formats: formats)
    writesAccessibilityOverlay = overlay
    hasExplicitWidth = settings.width != nil || variants[VariantAxis.width] != nil
    hasExplicitPadding = settings.padding != nil
  }

  /// The one-variant item `settings` describe for `text` (`render --text`).
  package init(name: String, text: String, settings: ComponentSettings) throws(ItemRule) {
    try self.init(name: name, text: text, settings: settings, variants: VariantAxes())
  }
}
