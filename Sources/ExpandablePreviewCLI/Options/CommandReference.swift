/// Documentation/CommandLine.md's command list and option tables, written from the registry;
/// a test keeps the page equal to them.
enum CommandReference {
  /// One row per form of every command: its synopsis and what it does.
  static func commandList(_ registry: CommandRegistry) -> String {
    var lines = ["| Command | What it does |", "| --- | --- |"]
    for form in registry.commands.flatMap(\.forms) {
      let overview = form.overview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      lines.append("| `\(escapedPipes(form.synopsis))` | \(cell(overview)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One table per command with options: each option's synopsis, default and help line.
  static func optionTables(_ registry: CommandRegistry) -> String {
    var lines: [String] = []
    for command in registry.commands where !command.options.isEmpty {
      lines += [
        "### `\(command.name)`", "", "| Option | Default | Meaning |", "| --- | --- | --- |",
      ]
      for option in command.options {
        let synopsis = "`\(option.synopsis)`"
        let defaultValue = option.defaultValue.map { "`\($0)`" } ?? "—"
        lines.append("| \(synopsis) | \(defaultValue) | \(cell(option.help)) |")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// A table cell: `|` would end it, `[text](url)` in a help line is an example, not a link,
  /// and `<name>` a placeholder, not HTML.
  private static func cell(_ text: String) -> String {
    escapedPipes(text).replacingOccurrences(of: "<", with: "\\<")
      .replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "](", with: "]\\(").replacingOccurrences(of: "]", with: "\\]")
  }

  /// `|` inside a table, also in code, is written `\|`.
  private static func escapedPipes(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
