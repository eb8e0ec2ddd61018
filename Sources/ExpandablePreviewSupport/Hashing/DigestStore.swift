import Foundation

/// The file hashes one user's runs keep between processes, under ``FileDigest``'s staleness
/// rule: a runner with an empty output folder has no record of the font files' hashes, and
/// read all 123 MB of them again on every such run. A file `file-hashes` in
/// `$EXPANDABLE_PREVIEW_HASH_CACHE`, else `$XDG_CACHE_HOME/expandable-preview`, else
/// `~/.cache/expandable-preview` (``folderVariable`` set to `off` keeps none), in the line
/// form of the record scheme (``RecordLines``: a checksum over every line, so a file cut short
/// or edited is ignored and the files are read), written atomically, at most ``maxEntries``
/// digests. A digest is used only while its file's stamp is the one it was read with; only
/// settled ones are kept (``FileDigestCache``).
package final class DigestStore: Sendable {
  /// The variable naming the folder, or `off`.
  package static let folderVariable = "EXPANDABLE_PREVIEW_HASH_CACHE"
  package static let kind = RecordKind(
    fileName: "file-hashes", title: "file-hash cache",
    mark: ("", "expandable-preview file hashes"), currentVersion: 1, maxBytes: 4 << 20,
    layout: .compact)
  /// The most digests kept: a machine's font sets, many times over.
  package static let maxEntries = 4096

  /// The folder holding the file.
  package let folder: String
  private struct State {
    /// The file's digests, by absolute path; nil until read.
    var stored: [String: FileDigest]? = nil
    /// Digests read since, to be written.
    var added: [String: FileDigest] = [:]
  }
  private let state = Locked(State())

  package init(folder: String) { self.folder = folder }

  /// The store of the user running the process, as `environment` places it; nil when it is
  /// turned off or no folder can be named.
  package static func user(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> DigestStore? {
    if let named = environment[folderVariable], !named.isEmpty {
      return named == "off" ? nil : DigestStore(folder: named)
    }
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return DigestStore(folder: base + "/expandable-preview")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return DigestStore(folder: home + "/.cache/expandable-preview")
  }

  /// The kept digest of the file at `path`, if any (the file is read on first use).
  package func digest(of path: String) -> FileDigest? {
    state.withLock { state in
      if state.stored == nil { state.stored = Self.read(folder) }
      return state.added[path] ?? state.stored?[path]
    }
  }

  /// Keeps `digest` of the file at `path` for ``save()``.
  package func add(_ digest: FileDigest, of path: String) {
    guard !path.contains("\n") else { return }
    state.withLock { state in
      if state.added[path] != digest && state.stored?[path] != digest {
        state.added[path] = digest
      }
    }
  }

  /// Writes the kept digests when any were added, the added first under the bound. A folder
  /// that cannot be made or written keeps nothing: the files are read again next time.
  package func save() {
    let lines: [String]? = state.withLock { state in
      guard !state.added.isEmpty else { return nil }
      if state.stored == nil { state.stored = Self.read(folder) }
      var all = state.added
      for (path, digest) in state.stored ?? [:] where all.count < Self.maxEntries {
        if all[path] == nil { all[path] = digest }
      }
      state.stored = all
      state.added = [:]
      return all.sorted { $0.key < $1.key }.prefix(Self.maxEntries).map { path, digest in
        let stamp = digest.stamp
        return
          "\(digest.sha256) \(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) "
          + "\(stamp.changed) \(path)"
      }
    }
    guard let lines else { return }
    mkdir(folder, 0o700)
    guard let handle = try? FolderHandle(path: folder) else { return }
    _ = try? RecordLines.write(lines, as: Self.kind, in: handle)
  }

  /// The digests in the folder's file; none when it is absent, unreadable or refused.
  private static func read(_ folder: String) -> [String: FileDigest] {
    guard let handle = try? FolderHandle(path: folder),
      case .record(let lines, _) = RecordLines.read(as: kind, in: handle)
    else { return [:] }
    var digests: [String: FileDigest] = [:]
    for line in lines.prefix(maxEntries) {
      let fields = line.split(
        separator: UInt8(ascii: " "), maxSplits: 6, omittingEmptySubsequences: false)
      guard fields.count == 7 else { continue }
      let text = fields.map { String(decoding: $0, as: UTF8.self) }
      guard text[0].utf8.count == 64,
        text[0].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
        let device = UInt64(text[1]), let inode = UInt64(text[2]), let size = Int64(text[3]),
        let modified = Int64(text[4]), let changed = Int64(text[5]), text[6].hasPrefix("/")
      else { continue }
      digests[text[6]] = FileDigest(
        stamp: FileStamp(
          device: device, inode: inode, size: size, modified: modified, changed: changed),
        sha256: text[0])
    }
    return digests
  }
}
