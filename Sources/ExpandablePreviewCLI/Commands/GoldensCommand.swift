import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview goldens lock|unlock|check --snapshots DIR [--golden-store URL]`: moves a
/// snapshots folder's goldens into a lock file and a content-addressed store, back into image
/// files, or checks that the store holds every locked golden.
struct GoldensCommand: ParsableCommand {
  /// What the command does.
  enum Action: String, CaseIterable {
    case lock, unlock, check
  }

  static let form = CommandForm(
    optionTable, operands: "lock|unlock|check",
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

  static let optionTable = OptionTable<Self>(
    command: "goldens",
    options: [
      .required(
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

  /// The action as given; resolved into ``action`` by `validate`.
  var actionName: String?
  var action = Action.check
  /// `--snapshots`: required, so never the empty start once parsed.
  var snapshots = ""
  /// `--golden-store` as given; nil: the environment's.
  var goldenStore: String?
  /// Where the goldens' bytes go or come from; resolved by `validate`.
  var blobs: any GoldenBlobStore = UnresolvedGoldenStore()

  init() {}

  init(arguments reader: inout ArgumentReader, environment: [String: String]) throws(UsageError) {
    try self.init(parsing: &reader, environment: environment)
  }

  /// The one action.
  mutating func take(operand: String, at index: Int) throws(UsageError) {
    guard index == 0 else { throw UsageError("unexpected argument '\(operand)'") }
    actionName = operand
  }

  mutating func validate(_ given: OptionTable<Self>.Given, environment: [String: String])
    throws(UsageError)
  {
    guard let name = actionName, let action = Action(rawValue: name) else {
      throw UsageError("goldens needs an action: lock, unlock or check")
    }
    try Self.optionTable.requireOptions(given)
    guard
      let blobs = try GoldenStoreSetting.blobs(
        flag: goldenStore, environment: environment, directory: RunDirectory.current)
    else {
      throw UsageError("goldens \(name) needs --golden-store URL or \(GoldenStore.storeVariable)")
    }
    self.action = action
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

/// The store of a `goldens` command before `validate` resolves `--golden-store`: a parsed
/// command always has another, and this one refuses every request rather than trap.
private struct UnresolvedGoldenStore: GoldenBlobStore {
  private static let error = GoldenStoreError(
    path: "--golden-store", message: "not resolved: the command line was not validated")
  var description: String { "--golden-store (not resolved)" }
  func fetch(_ sha256: String, maxBytes: Int) -> GoldenBlobFetch {
    .unavailable(Self.error.message)
  }
  func upload(_ bytes: Data, as sha256: String) throws { throw Self.error }
  func contains(_ sha256: String) -> Result<Bool, GoldenStoreError> { .failure(Self.error) }
}
