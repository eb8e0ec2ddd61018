import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The manifest's fonts for one `render` or `verify` run: checks them as ``FontCheck`` does and
/// rejects a `fonts` entry the configuration cannot be built from (exit 2), but builds the
/// pinned configuration (about a fifth of an unchanged 1,000-file run) only when something
/// needs it. With a folder to keep ``FontCheckRecord`` in, the configuration is built before
/// the run only when no earlier run built it from the same inputs, and an item is checked
/// again only when its key changed; the messages are the same either way. With a shared cache,
/// what the folder's record lacks is asked of the cache as one ``FontCheckFact`` before
/// anything is built, so a runner fed by the cache into an empty folder builds nothing.
package final class FontCheckSession {
  let manifestPath: String
  let fontSet: FontSet
  /// Where the record is read and kept; nil checks every item and builds at once.
  private let folder: URL?
  private let previous: FontCheckRecord?
  /// The set's key and the input hashes to keep; nil when the set cannot be keyed (system
  /// fonts, an added entry that is not a file or folder, a file that cannot be read):
  /// everything is then checked as without a record.
  private let keyed: (setKey: String, inputs: InputHashes)?
  /// The shared cache asked for (and told) the checks the record lacks; only with a key.
  private let cache: RemoteCache?
  private var renderer: Renderer?
  /// Whether the set's configuration is known to build without error: built here, by an
  /// earlier run into the folder, or by the runner whose ``FontCheckFact`` this run used.
  private var setBuilds = false
  /// What this run checked or reused, by item name.
  private var checked: [String: FontCheckRecord.Entry] = [:]
  /// How many times this session built the pinned configuration (0 or 1).
  package private(set) var configurationsBuilt = 0

  init(
    manifestPath: String, fontSet: FontSet, recordFolder folder: URL?, cache: RemoteCache? = nil
  ) {
    self.manifestPath = manifestPath
    self.fontSet = fontSet
    self.folder = folder
    self.cache = cache
    // A folder not made yet has no record; the key is still made, for the record to keep.
    let handle = folder.flatMap { try? FolderHandle(path: $0.path) }
    previous = handle.flatMap { FontCheckRecord.read(in: $0) }
    keyed = folder == nil ? nil : Self.key(of: fontSet, known: previous?.inputs ?? InputHashes())
  }

  /// The hashes of the files the job keys are made of, read for the set's key: the render
  /// record may use them instead of reading the files again.
  package var inputs: InputHashes { keyed?.inputs ?? InputHashes() }

  /// Builds the configuration now unless an earlier run built it from the same inputs, or a
  /// shared cache may answer for it (``problems(in:)`` then asks it, and builds on a miss).
  ///
  /// - Returns: false after printing why the manifest's fonts cannot be used.
  func prepare() -> Bool {
    if let keyed, previous?.builtSet == keyed.setKey {
      setBuilds = true
      return true
    }
    if keyed != nil, cache != nil { return true }
    return builtRenderer() != nil
  }

  /// The check's messages for `items`, each prefixed with the manifest and the item; nil after
  /// printing why the manifest's fonts cannot be used.
  package func problems(in items: [ManifestItem]) -> [String]? {
    var described: [Font: String] = [:]
    let keys = keyed.map { keyed in
      items.map {
        FontCheckKeys.itemKey(of: $0.component, setKey: keyed.setKey, described: &described)
      }
    }
    // Each item's font problems as recorded in the folder while its key matches.
    var found: [[String]?] = items.indices.map { index in
      guard let keys, let entry = previous?.items[items[index].name], entry.key == keys[index]
      else { return nil }
      return entry.problems
    }
    let missing = items.indices.filter { found[$0] == nil }
    // A miss is answered here and told to the cache for the runners after this one.
    var cacheMissed = false
    if let keys, let keyed, let cache, !setBuilds || !missing.isEmpty {
      if let fleet = cache.fontCheck(setKey: keyed.setKey, itemKeys: missing.map { keys[$0] }) {
        for (index, problems) in zip(missing, fleet) { found[index] = problems }
        setBuilds = true
      } else {
        cacheMissed = true
      }
    }
    if !setBuilds || found.contains(where: { $0 == nil }) {
      guard let renderer = builtRenderer() else { return nil }
      var substitutions: [Font: FontSubstitution?] = [:]
      for index in missing {
        found[index] = FontCheck.fontProblems(
          of: items[index].component, renderer: renderer, substitutions: &substitutions)
      }
      if cacheMissed, let keys, let keyed {
        cache?.storeFontCheck(
          setKey: keyed.setKey,
          items: missing.map { .init(key: keys[$0], problems: found[$0] ?? []) })
      }
    }
    var messages: [String] = []
    for (index, item) in items.enumerated() {
      // Capped wherever they came from (the check, the record, the cache): what is kept
      // and printed stays small whatever a record or a manifest holds.
      let fontProblems = FontCheck.capped(found[index] ?? [])
      if let keys { checked[item.name] = .init(key: keys[index], problems: fontProblems) }
      messages += (fontProblems + FontCheck.capped(FontCheck.linkProblems(of: item.component)))
        .map { "\(manifestPath): item '\(item.name)', \($0)" }
    }
    return messages
  }

  /// Keeps what this run checked for the next run, dropping items no longer in the manifest;
  /// call it once the run has finished.
  package func save(manifestItems: [ManifestItem]) throws {
    guard let folder, let keyed else { return }
    let names = Set(manifestItems.map(\.name))
    let update = FontCheckRecord(
      builtSet: setBuilds ? keyed.setKey : previous?.builtSet, items: checked,
      inputs: keyed.inputs)
    // Nothing new since the record was read: not read and compared again.
    if let previous, previous.builtSet == update.builtSet, previous.inputs == update.inputs,
      checked.allSatisfy({ previous.items[$0.key] == $0.value }),
      previous.items.keys.allSatisfy(names.contains)
    {
      return
    }
    try FontCheckRecord.merge(update, keeping: names, in: folder)
  }

  /// The configuration, built on first use; nil after printing why it cannot be built.
  private func builtRenderer() -> Renderer? {
    if let renderer { return renderer }
    do throws(RenderError) {
      renderer = try Renderer(fontSet: fontSet)
      configurationsBuilt += 1
      setBuilds = true
      return renderer
    } catch {
      let reason =
        if case .fontConfig(let fonts) = error { fonts.detail } else { error.description }
      // Blamed on what chose the fonts: the manifest's `fonts` only when it added some.
      let source =
        if fontSet.isMachineDependent { "--system-fonts" } else if fontSet.addedFonts.isEmpty {
          "the standard font set"
        } else { "\(manifestPath): key 'fonts'" }
      RunMessages.say("error: \(source): \(reason)")
      return nil
    }
  }

  /// The key of `fontSet`'s inputs, with the hashes read (only files whose stamps are not
  /// those in `known`); nil when it cannot be keyed.
  private static func key(of fontSet: FontSet, known: InputHashes) -> (
    setKey: String, inputs: InputHashes
  )? {
    guard let sources = FontSetSources(of: fontSet) else { return nil }
    let files = sources.allFiles
    guard let (hashes, kept) = try? known.hashes(of: files, now: FileStamp.currentNanoseconds())
    else { return nil }
    let byPath = Dictionary(zip(files, hashes), uniquingKeysWith: { first, _ in first })
    let setKey = FontCheckKeys.setKey(
      of: sources, hashes: byPath, renderer: RendererIdentity.renderer, libraries: .current)
    return (setKey, kept)
  }
}
