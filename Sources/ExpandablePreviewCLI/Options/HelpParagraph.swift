/// A paragraph of `--help` written from values (a list of axes), wrapped as the hand-written
/// ones are: lines of at most 91 characters, each after the first indented by `indent`.
enum HelpParagraph {
  static func wrapped(_ text: String, indent: Int, width: Int = 91) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && indent + line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
