/// One way to call a command, declared once: its `USAGE:` line is written from its options, so
/// an option added to the table is in the synopsis too.
package struct CommandForm: Sendable {
  /// The command's name, as its option table names it in messages.
  var command: String
  /// The program that runs it, as its USAGE line names it.
  package var tool = CompletionScripts.tool
  /// What stands before the options: `MANIFEST`, `BLOB…`, `[MANIFEST]`, `bash|zsh|fish`.
  var operands = ""
  /// Options that must be given: shown first, without brackets.
  var required: [String] = []
  /// Options that exclude each other, shown as one term: `[--quiet | --json]`, or
  /// `(--text TEXT | --text-file FILE)` when one of them is required.
  var alternatives: [[String]] = []
  /// The options' documentation, made when asked (help, completions, the docs), not by every
  /// run of the tool: building every command's help tables cost each process milliseconds.
  var options: [OptionDocumentation] { makeOptions() }
  /// What the tool's `--help` says below this form's synopsis.
  var overview: String
  /// What `<command> --help` says after the USAGE line: what it does, its OPTIONS, …
  var details: String { makeDetails() }
  private let makeOptions: @Sendable () -> [OptionDocumentation]
  private let makeDetails: @Sendable () -> String

  /// `<command> --help` for this form: the USAGE line, then the details.
  package var help: String { usage + "\n\n" + details }

  /// `USAGE: expandable-preview verify MANIFEST --snapshots DIR [--record MODE] …`, every
  /// option of the table in it, wrapped under the first term.
  var usage: String {
    let prefix = "USAGE: \(tool) \(command) "
    return prefix + Self.wrapped(terms.required + terms.optional, indent: prefix.count)
  }

  /// `terms` on lines of at most 96 characters (a longer term alone), each line after the
  /// first indented by `indent`; a term is never broken.
  private static func wrapped(_ terms: [String], indent: Int) -> String {
    let width = 96
    var lines: [String] = []
    var line = ""
    for term in terms {
      if !line.isEmpty && indent + line.count + 1 + term.count > width {
        lines.append(line)
        line = term
      } else {
        line += (line.isEmpty ? "" : " ") + term
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }

  /// The tool's `--help` line: the required terms and `[options]` for the rest.
  var synopsis: String {
    let words = [command] + terms.required + (terms.optional.isEmpty ? [] : ["[options]"])
    return words.joined(separator: " ")
  }

  /// The synopsis's terms: the operands and required options, then the optional ones, each
  /// group of alternatives once, in the table's order.
  private var terms: (required: [String], optional: [String]) {
    var required = operands.isEmpty ? [] : [operands]
    var optional: [String] = []
    var seen: Set<String> = []
    for option in options where !seen.contains(option.name) {
      let group = alternatives.first { $0.contains(option.name) } ?? [option.name]
      seen.formUnion(group)
      let body = group.compactMap { name in options.first { $0.name == name }?.synopsis }
        .joined(separator: " | ")
      if group.contains(where: self.required.contains) {
        required.append(group.count > 1 ? "(\(body))" : body)
      } else {
        optional.append("[\(body)]")
      }
    }
    return (required, optional)
  }
}

extension CommandForm {
  /// A form whose options are `table`'s, named as the table names its command.
  /// A form with the options given (none, for `completions`); `details` written when asked.
  init(
    command: String, operands: String = "", options: [OptionDocumentation], overview: String,
    details: @autoclosure @escaping @Sendable () -> String
  ) {
    self.command = command
    self.operands = operands
    self.overview = overview
    makeOptions = { options }
    makeDetails = details
  }

  /// `details` is written only when asked for.
  package init<Target>(
    _ table: OptionTable<Target>, operands: String = "", required: [String] = [],
    alternatives: [[String]] = [], overview: String,
    details: @autoclosure @escaping @Sendable () -> String
  ) {
    command = table.command
    self.operands = operands
    self.required = required
    self.alternatives = alternatives
    self.overview = overview
    makeOptions = { table.documentation }
    makeDetails = details
  }
}
