import ExpandablePreviewGolden
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// A command's options are its own properties, each declared by one row of its table
/// (``ParsableCommand``): the row writes the property the command reads, a required row is said
/// missing and shown first in USAGE, and `validate` checks what needs the whole command line.
@Suite struct ParsableCommandTests {
  /// `probe --out DIR [--level N] [--quiet] [--json]`, with a check across options.
  struct Probe: ParsableCommand {
    var out = ""
    var level = 1
    var quiet = false
    var json = false

    static let optionTable = OptionTable<Probe>(
      command: "probe",
      options: [
        .required("--out", "DIR", \.out, help: "Where to probe."),
        .value(
          "--level", "N", \.level, expected: "a positive number", help: "How deep.",
          convert: positiveInteger),
        .flag("--quiet", \.quiet, help: "Say nothing."),
        .flag("--json", \.json, help: "Say it in JSON."),
      ])

    mutating func take(operand: String, at index: Int) throws(UsageError) {
      throw UsageError("unexpected argument '\(operand)'")
    }

    mutating func validate(_ given: OptionTable<Probe>.Given, environment: [String: String])
      throws(UsageError)
    {
      try Self.optionTable.requireOptions(given)
      guard !(quiet && json) else { throw UsageError("--quiet and --json cannot be combined") }
    }
  }

  private func probe(_ arguments: [String]) throws(UsageError) -> Probe {
    var reader = ArgumentReader(arguments)
    return try Probe(parsing: &reader, environment: [:])
  }

  private func message(_ arguments: [String]) -> String? {
    do {
      _ = try probe(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theRowWritesThePropertyTheCommandReads() throws {
    let read = try probe(["--level", "3", "--out", "o", "--quiet"])
    #expect(read.out == "o" && read.level == 3 && read.quiet && !read.json)
  }

  @Test func aRequiredRowIsSaidMissingAndShownFirst() {
    #expect(message(["--level", "2"]) == "probe needs --out DIR")
    let form = CommandForm(Probe.optionTable, overview: "", details: "")
    #expect(form.usage.hasPrefix("USAGE: expandable-preview probe --out DIR [--level N]"))
  }

  @Test func validationSeesTheWholeCommandLineAfterParsing() {
    // A wrong value is said while reading, before any check across options.
    #expect(
      message(["--quiet", "--json", "--level", "0"]) == "--level expects a positive number, got '0'"
    )
    // The check across options sees both, in either order.
    #expect(
      message(["--json", "--out", "o", "--quiet"]) == "--quiet and --json cannot be combined")
    #expect(message(["--quiet", "--json"]) == "probe needs --out DIR")
  }

  @Test func renderAndVerifyReadTheirOptionsProperties() throws {
    var render = ArgumentReader(["m.json", "--out", "o", "--prune", "--force", "--format", "svg"])
    let rendered = try RenderManifestCommand(arguments: &render, environment: [:])
    #expect(rendered.manifestPath == "m.json" && rendered.output == "o")
    #expect(rendered.prune && rendered.force && rendered.formats == [.svg])
    var verify = ArgumentReader([
      "m.json", "--snapshots", "s", "--compare", "layout", "--changed", "--record", "never",
    ])
    let verified = try VerifyCommand(arguments: &verify, environment: [:])
    #expect(verified.snapshots == "s" && verified.compare == .layout && verified.changedOnly)
    #expect(verified.recordMode == .never && verified.recordModeInWords == "never")
  }

  /// `render --help` lists the variant axes from their declaration: every key in MANIFEST,
  /// every axis with a file-name part in OUTPUT NAMES, in the declared order.
  @Test func renderHelpListsTheAxesAsDeclared() {
    let help = RenderManifestCommand.help.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    let keys = VariantAxis.keys.joined(separator: ", ")
    #expect(help.contains("\"variants\" axes: \(keys); each a non-empty array."))
    let parts = VariantAxis.all.filter { $0.partHelp != nil }.map(\.key)
    #expect(parts == VariantAxis.keys.filter { $0 != "scale" })
    #expect(
      help.contains(
        "in the order appearance, dynamicType, legibilityWeight, colorSchemeContrast, device "
          + "(spaces as hyphens), width (w<points>); for example"))
  }
}
