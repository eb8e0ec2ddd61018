/// The tool's `--help`, written from the registry: every form's synopsis and overview.
extension CommandRegistry {
  var help: String {
    let commandList = commands.flatMap(\.forms).map { form in
      (["  " + form.synopsis] + form.overview.split(separator: "\n").map { "      " + $0 })
        .joined(separator: "\n")
    }
    return """
      USAGE: \(tool) <command> [options]

      \(about)

      COMMANDS:
      \(commandList.joined(separator: "\n"))

      EXIT STATUS:
      \(exitStatus)

      Run '\(tool) <command> --help' for a command's options (every one is in its
      USAGE line); --version prints the tool's version and the Pango, Cairo, HarfBuzz, FreeType
      and fontconfig it runs with.
      """
  }

  /// What the user's tool's exit statuses mean.
  static let standardExitStatus = """
      0 success; 1 some renders failed (verify: some image does not match or has no golden);
      2 the command line or the manifest is invalid, or an output folder cannot be created or
      written.
    """

  /// What the user's tool says it does.
  static let standardAbout = """
    Renders expandable text components (collapsed, expanded, animated) to PNG, SVG and PDF
    with Pango and Cairo.
    """
}
