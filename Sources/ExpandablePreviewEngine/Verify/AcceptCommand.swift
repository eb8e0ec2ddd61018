import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The command lines a report offers for copy and paste: `verify` again for the same manifest
/// and snapshots folder with the same tolerances, recording what failed.
package struct AcceptCommand: Sendable {
  /// The manifest and snapshots paths as the user gave them, so the command works from the
  /// folder the run was started in.
  package var manifest: String
  package var snapshots: String
  /// The run's comparison options: the accepting run must fail (and re-record) exactly the
  /// images this run failed.
  package var diff = DiffOptions()
  /// The run's selection (`--only`, `--shard`) and artifacts folder when not the default: the
  /// command accepts exactly what this run showed failing, and reports where this run did.
  package var only: [String]? = nil
  var shard: String? = nil
  var artifacts: String? = nil
  /// The compare mode, repeated so accepting judges as the failing run did.
  package var compare = CompareMode.both
  /// `--golden-store` as the run was given it: a locked folder records only into its store.
  /// (A store named by the environment variable is still set when the command is pasted.)
  package var goldenStore: String? = nil
  /// The first word: the tool as this run was started.
  package var program = AcceptCommand.runningProgram
  /// The engine type a Swift caller verified through (`GoldenVerifier`), when no command line
  /// started the run: there is no command to print, so the line says how to re-record
  /// through that API instead of naming the caller's program, whose arguments are its own.
  package var swiftCaller: String? = nil

  package init(
    manifest: String, snapshots: String, diff: DiffOptions = DiffOptions(), only: [String]? = nil,
    shard: String? = nil, artifacts: String? = nil, compare: CompareMode = .both,
    program: String = AcceptCommand.runningProgram, swiftCaller: String? = nil,
    goldenStore: String? = nil
  ) {
    self.manifest = manifest
    self.snapshots = snapshots
    self.diff = diff
    self.only = only
    self.shard = shard
    self.artifacts = artifacts
    self.compare = compare
    self.program = program
    self.swiftCaller = swiftCaller
    self.goldenStore = goldenStore
  }

  /// How to start the running tool again from the same folder: its name when the shell found
  /// it on PATH (argv[0] has no `/`), else the executable's absolute path (`swift run` and
  /// `.build/release/expandable-preview` start it by path). Not `swift run …`: that works only
  /// in the tool's package folder, builds first and may pick another configuration than the
  /// one whose images failed; a bare `expandable-preview` is not on PATH after `swift build`.
  package static var runningProgram: String {
    let invoked = CommandLine.arguments.first ?? ""
    guard !invoked.isEmpty else { return "expandable-preview" }
    guard invoked.contains("/") else { return invoked }
    return URL(fileURLWithPath: invoked).standardizedFileURL.path
  }

  /// Accepts the current images of one item as its goldens.
  package func command(for item: String) -> String {
    if let swiftCaller { return Self.swiftInstruction(swiftCaller, only: [item]) }
    return (words + Self.onlyWords([item])).map(Self.shellQuoted).joined(separator: " ")
  }

  /// `--only NAME…`; or `--only=NAME` for each name when one starts with `-`, which after a
  /// bare `--only` would read as the next option (an item named `--prune`).
  static func onlyWords(_ names: [String]) -> [String] {
    guard names.contains(where: { $0.hasPrefix("-") }) else { return ["--only"] + names }
    return names.map { "--only=" + $0 }
  }

  /// Accepts every failing image of this run: the same items and shard.
  package var everything: String {
    if let swiftCaller { return Self.swiftInstruction(swiftCaller, only: only) }
    var words = self.words
    if let only { words += Self.onlyWords(only) }
    if let shard { words += ["--shard", shard] }
    return words.map(Self.shellQuoted).joined(separator: " ")
  }

  /// How a Swift caller accepts: verify again with `recordMode: .failed`, for `only`'s items:
  /// a `VerifyRequest` names them in its `only`, `GoldenVerifier` in the plan it is given.
  static func swiftInstruction(_ caller: String, only: [String]?) -> String {
    let names = only.map { names in
      "[" + names.map { String(reflecting: $0) }.joined(separator: ", ") + "]"
    }
    let selection =
      caller == "VerifyRequest"
      ? names.map { " and only: \($0)" } : names.map { " and the plan manifest.plan(only: \($0))" }
    return "verify again through \(caller) with recordMode: .failed" + (selection ?? "")
      + " (no command line started this run)"
  }

  /// The words both commands share: the run's files, folders and tolerances.
  private var words: [String] {
    var words = [
      program, "verify", manifest, "--snapshots", snapshots, "--record", "failed",
    ]
    if let artifacts { words += ["--artifacts", artifacts] }
    if let goldenStore { words += ["--golden-store", goldenStore] }
    if compare != .both { words += ["--compare", compare.rawValue] }
    let defaults = DiffOptions()
    if diff.threshold != defaults.threshold { words += ["--threshold", "\(diff.threshold)"] }
    if diff.maxDiffPixels != defaults.maxDiffPixels {
      words += ["--max-diff-pixels", "\(diff.maxDiffPixels)"]
    }
    if diff.maxDiffRatio != defaults.maxDiffRatio {
      words += ["--max-diff-ratio", "\(diff.maxDiffRatio)"]
    }
    return words
  }

  /// `text` as one shell word: unchanged when it has only safe characters; with characters a
  /// terminal cannot show (controls, noncharacters) as `$'…'` with each byte of those as `\xHH`
  /// (bash, zsh, ksh), so the command prints cleanly and still pastes; else in single quotes
  /// with each `'` written as `'\''`.
  static func shellQuoted(_ text: String) -> String {
    if text.unicodeScalars.contains(where: VisibleText.needsReplacing) {
      var word = "$'"
      for scalar in text.unicodeScalars {
        if VisibleText.needsReplacing(scalar) {
          word += String(scalar).utf8.map { String(format: "\\x%02x", $0) }.joined()
        } else if scalar == "'" || scalar == "\\" {
          word += "\\" + String(scalar)
        } else {
          word.unicodeScalars.append(scalar)
        }
      }
      return word + "'"
    }
    let safe = text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", "@", "%", "+", "=", ":", ",":
        true
      default: false
      }
    }
    if safe && !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
