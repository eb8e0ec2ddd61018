import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview goldens lock|unlock|check --snapshots DIR [--golden-store URL]`: moves a
/// snapshots folder's goldens into a lock file and a content-addressed store, back into image
/// files, or checks that the store holds every locked golden.
struct GoldensCommand {
  /// What the command does.
  enum Action: String, CaseIterable {
    case lock, unlock, check
  }

  static let form = CommandForm(
    optionTable, operands: "lock|unlock|check", required: ["--snapshots"],
    overview: """
      Move a snapshots folder's goldens into a lock file and a golden store (lock), back into
      image files (unlock), or check that the store holds every locked golden (check).
      """,
    details: """
      A locked snapshots folder keeps one line per golden in DIR/\(GoldenLock.fileName) (name,
      SHA-256, byte size, pixel size) and the bytes in a golden store: an http(s):// URL
      speaking the Bazel remote cache's blob protocol (GET/PUT/HEAD BASE/cas/SHA256), or a
      folder. Layout records and fingerprint.json stay in DIR.

      ACTIONS:
        lock     Upload every image golden of DIR, write the lock, then delete the images.
        unlock   Write every locked golden back as an image file, each byte checked against
                 its line, then delete the lock; if any cannot be had, nothing stays written.
        check    Ask the store (HEAD) for every line's blob and list the missing ones.

      OPTIONS:
      \(optionTable.helpRows)

      EXIT STATUS:
        0 done, or every blob is present; 1 check found blobs missing; 2 the command line is
        invalid or a golden could not be moved (nothing changed).
      """)

  struct Arguments {
    var action: String?
    var snapshots: String?
    var goldenStore: String?
  }

  static let optionTable = OptionTable<Arguments>(
    command: "goldens",
    options: [
      .text(
        "--snapshots", "DIR", \.snapshots, completion: .directory,
        help: "The snapshots folder."),
      goldenStoreOption(\.goldenStore),
    ])

  /// `--golden-store URL`, as `goldens` and `verify` declare it.
  static func goldenStoreOption<Target>(_ field: WritableKeyPath<Target, String?> & Sendable)
    -> CommandOption<Target>
  {
    .text(
      "--golden-store", "URL", field, completion: .directory,
      help: "Where a locked snapshots folder's golden bytes are (DIR/\(GoldenLock.fileName) "
        + "lists them): http(s)://HOST[:PORT][/PATH] speaking the Bazel remote cache's "
        + "/cas/SHA256 (nginx with WebDAV, bazel-remote), or a folder. Default: "
        + "$\(GoldenStore.storeVariable). A bearer token comes from "
        + "$\(GoldenStoreSetting.tokenVariable). A golden store must never evict.")
  }

  var action: Action
  var snapshots: String
  var blobs: any GoldenBlobStore

  init(arguments reader: inout ArgumentReader, environment: [String: String]) throws(UsageError) {
    var parsed = Arguments()
    try Self.optionTable.parse(
      &reader, into: &parsed,
      positional: { parsed, argument throws(UsageError) in
        guard parsed.action == nil else { throw UsageError("unexpected argument '\(argument)'") }
        parsed.action = argument
      })
    guard let name = parsed.action, let action = Action(rawValue: name) else {
      throw UsageError("goldens needs an action: lock, unlock or check")
    }
    guard let snapshots = parsed.snapshots else {
      throw UsageError("goldens needs --snapshots DIR")
    }
    guard
      let blobs = try GoldenStoreSetting.blobs(
        flag: parsed.goldenStore, environment: environment)
    else {
      throw UsageError("goldens \(name) needs --golden-store URL or \(GoldenStore.storeVariable)")
    }
    self.action = action
    self.snapshots = snapshots
    self.blobs = blobs
  }

  func run() -> Int32 {
    let folder = RunDirectory.url(snapshots, isDirectory: true)
    do {
      switch action {
      case .lock:
        let moved = try GoldenLockMigration.lock(folder, into: blobs)
        Console.print("Locked \(moved.count) goldens into \(snapshots)/\(GoldenLock.fileName)")
      case .unlock:
        let moved = try GoldenLockMigration.unlock(folder, from: blobs)
        Console.print("Wrote \(moved.count) goldens into \(snapshots)")
      case .check:
        let missing = try GoldenLockMigration.missingBlobs(folder, in: blobs)
        guard missing.isEmpty else {
          standardError(
            "error: \(missing.count) locked goldens are not in the store \(blobs):\n  "
              + missing.map(VisibleText.of).joined(separator: "\n  "))
          return 1
        }
        Console.print("Every locked golden is in the store \(blobs)")
      }
      return 0
    } catch {
      let lines = "\(error)".split(separator: "\n", omittingEmptySubsequences: false)
      standardError("error: " + lines.map { VisibleText.of(String($0)) }.joined(separator: "\n"))
      return 2
    }
  }
}
