import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The manifest's fonts for one `render` or `verify` run: checks them as ``FontCheck`` does and
/// rejects a `fonts` entry the configuration cannot be built from (exit 2), but builds the
/// pinned configuration (about a fifth of an unchanged 1,000-file run) only when something
/// needs it. With a folder to keep ``FontCheckRecord`` in, the configuration is built before
/// the run only when no earlier run built it from the same inputs, and an item is checked
/// again only when its key changed; the messages are the same either way.
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
  private var renderer: Renderer?
  /// What this run checked or reused, by item name.
  private var checked: [String: FontCheckRecord.Entry] = [:]

  init(manifestPath: String, fontSet: FontSet, recordFolder folder: URL?) {
    self.manifestPath = manifestPath
    self.fontSet = fontSet
    self.folder = folder
    // A folder not made yet has no record; the key is still made, for the record to keep.
    let handle = folder.flatMap { try? FolderHandle(path: $0.path) }
    previous = handle.flatMap { FontCheckRecord.read(in: $0) }
    keyed = folder == nil ? nil : Self.key(of: fontSet, known: previous?.inputs ?? InputHashes())
  }

  /// The hashes of the files the job keys are made of, read for the set's key: the render
  /// record may use them instead of reading the files again.
  package var inputs: InputHashes { keyed?.inputs ?? InputHashes() }

  /// Builds the configuration now unless an earlier run built it from the same inputs.
  ///
  /// - Returns: false after printing why the manifest's fonts cannot be used.
  func prepare() -> Bool {
    if let keyed, previous?.builtSet == keyed.setKey { return true }
    return builtRenderer() != nil
  }

  /// The check's messages for `items`, each prefixed with the manifest and the item; nil after
  /// printing why the manifest's fonts cannot be used.
  package func problems(in items: [ManifestItem]) -> [String]? {
    var substitutions: [Font: FontSubstitution?] = [:]
    var described: [Font: String] = [:]
    var messages: [String] = []
    for item in items {
      let fontProblems: [String]
      let key = keyed.map {
        FontCheckKeys.itemKey(of: item.component, setKey: $0.setKey, described: &described)
      }
      if let key, let entry = previous?.items[item.name], entry.key == key {
        fontProblems = entry.problems
      } else {
        guard let renderer = builtRenderer() else { return nil }
        fontProblems = FontCheck.fontProblems(
          of: item.component, renderer: renderer, substitutions: &substitutions)
      }
      if let key { checked[item.name] = FontCheckRecord.Entry(key: key, problems: fontProblems) }
      messages += (fontProblems + FontCheck.linkProblems(of: item.component)).map {
        "\(manifestPath): item '\(item.name)', \($0)"
      }
    }
    return messages
  }

  /// Keeps what this run checked for the next run, dropping items no longer in the manifest;
  /// call it once the run has finished.
  package func save(manifestItems: [ManifestItem]) throws {
    guard let folder, let keyed else { return }
    let names = Set(manifestItems.map(\.name))
    let update = FontCheckRecord(builtSet: keyed.setKey, items: checked, inputs: keyed.inputs)
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
      return renderer
    } catch {
      let reason =
        if case .fontConfig(let fonts) = error { fonts.detail } else { error.description }
      standardError("error: \(manifestPath): key 'fonts': \(reason)")
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
