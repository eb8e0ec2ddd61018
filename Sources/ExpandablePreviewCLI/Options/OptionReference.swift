/// The documentation's option tables (Documentation/CommandLine.md), written from the commands'
/// option tables; a test keeps the page equal to them.
enum OptionReference {
  static func markdown(_ commands: [CommandDocumentation]) -> String {
    var lines: [String] = []
    for command in commands where !command.options.isEmpty {
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

  /// A table cell: `|` would end it, and `[text](url)` in a help line is an example, not a link.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "](", with: "]\\(").replacingOccurrences(of: "]", with: "\\]")
  }
}
