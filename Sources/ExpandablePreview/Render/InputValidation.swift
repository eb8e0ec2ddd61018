/// Rejects values a render cannot honor with the rule book's words, which name the setting.
enum InputValidation {
  static func check(_ component: ExpandableText, _ options: RenderOptions) throws(RenderError) {
    if let problem = SettingRules.validate(component, options) {
      throw .configuration(ConfigurationError(problem))
    }
  }
}
