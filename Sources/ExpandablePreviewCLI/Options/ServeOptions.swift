import ExpandablePreviewEngine
import Foundation

/// `serve`'s command line, declared here with the other commands' options (help, completions
/// and the documentation's tables come from one table); the workbench target runs it.
package struct ServeOptions: Sendable {
  /// The manifest whose gallery is served live, if any.
  package var manifest: String?
  /// 0 picks a free port.
  package var port = 0
  /// An address other than loopback, only when asked for.
  package var host: String?
  package var jobs = 2
  package var snapshots: String?
  /// Where the review keeps a reviewer's rejections: verify's artifacts folder.
  package var artifacts = VerifyCommand.defaultArtifacts
  /// Opens the printed address in the desktop's browser (`xdg-open`).
  package var opensBrowser = false

  package init() {}

  private static let initial = ServeOptions()

  static let optionTable = OptionTable<ServeOptions>(
    command: "serve",
    options: [
      .value(
        "--port", "N", \.port, expected: "a port number from 0 to 65535",
        help: "The port; 0 picks a free one.", defaultValue: "\(initial.port)",
        convert: { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }),
      .text(
        "--host", "ADDRESS", \.host,
        help: "Listen on this IP address instead of loopback (127.0.0.1 and ::1); anyone who "
          + "can reach it and has the token can use the workbench."),
      .value(
        "--jobs", "N", \.jobs, expected: "a whole number from 1 to 64",
        help: "Render threads.", defaultValue: "\(initial.jobs)",
        convert: { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }),
      .text(
        "--snapshots", "DIR", \.snapshots, completion: .directory,
        help: "The goldens: with a MANIFEST, the review page (/review) runs verify against "
          + "them and approves failing images as 'verify --record failed' records them; the "
          + "folder's files are served read-only below /snapshots/."),
      .value(
        "--artifacts", "DIR", \.artifacts, expected: "a folder", completion: .directory,
        help: "With --snapshots: where a rejected image's note is kept "
          + "(review-rejections.json), so the next 'verify --artifacts DIR' report shows "
          + "it on the entry; verify's artifacts folder.",
        defaultValue: VerifyCommand.defaultArtifacts, convert: { $0 }),
      .flag(
        "--open", \.opensBrowser,
        help: "Open the workbench's address in the desktop's browser (xdg-open); without one, "
          + "a warning says so and the server runs on."),
    ])

  /// How `serve` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "[MANIFEST]",
    overview: """
      The live workbench: a playground page in the browser that re-renders every
      setting as you type; with a MANIFEST a live gallery, with --snapshots DIR a
      review page to approve goldens (loopback only; the URL carries an access token).
      """,
    details: """
      Starts the live workbench and prints its address (with a random access token): a
      playground page with one control per setting that re-renders the collapsed and expanded
      states as you type. With a MANIFEST, also a gallery of its items that re-renders the items
      whose manifest entry or text file changes on disk (/gallery), and with --snapshots a review
      of the goldens that fail verify, where each can be approved, undone or rejected with a note
      for the next verify's report (/review). Ctrl-C
      stops it.

      OPTIONS:
      \(optionTable.helpRows)
      """)

  /// `serve --help`.
  package static var help: String { form.help }

  /// Reads `serve`'s arguments (after the command's name).
  package static func parse(_ arguments: [String]) throws(UsageError) -> ServeOptions {
    var reader = ArgumentReader(arguments)
    var options = ServeOptions()
    try optionTable.parse(&reader, into: &options) { options, argument, index throws(UsageError) in
      if let manifest = options.manifest, index > 0 {
        throw UsageError("serve takes one manifest; got '\(manifest)' and '\(argument)'")
      }
      options.manifest = argument
    }
    return options
  }
}
