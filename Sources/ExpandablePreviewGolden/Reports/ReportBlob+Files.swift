import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension ReportBlob {
  /// Marks a folder as a blob folder this tool writes, so a later run may replace its files.
  package static let markerFileName = ".expandable-preview-report-blob"

  /// What an attachment's path is allowed to be: relative, at least two names, none empty,
  /// `.`, `..` or hidden (a blob cannot write outside the merged folder nor over its marks);
  /// nil when it is fine.
  package static func problem(withPath path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.count <= 32, path.utf8.count <= 4096 else {
      return "the file path '\(path)' is not ITEM/FILE or FOLDER/ITEM/FILE"
    }
    for part in parts where part.isEmpty || part.hasPrefix(".") || part.contains("\0") {
      return "the file path '\(path)' has an empty, hidden, '.' or '..' part"
    }
    return nil
  }

  /// Reads a regular file of at most `limit` bytes without following a link at its name and
  /// without blocking on a FIFO; a larger file is refused before it is read.
  package static func readRegularFile(_ url: URL, limit: Int) throws(ReportBlobError) -> Data {
    switch BoundedFile.read(
      url.path, maxBytes: limit, limit: "the most a report blob's file may have",
      followsLinks: false)
    {
    case .bytes(let data, _): return data
    case .absent:
      throw ReportBlobError(
        path: url.path, message: "cannot open: \(SystemReason.of(code: ENOENT))")
    case .unreadable(let reason): throw ReportBlobError(path: "", message: reason)
    }
  }

  /// The file of `path` (already checked by ``problem(withPath:)``) under `folder`.
  static func url(of path: String, in folder: URL) -> URL {
    path.split(separator: "/").reduce(folder) { $0.appendingPathComponent(String($1)) }
  }

  /// Writes `data` to `path` under `folder` atomically, creating its parent folders.
  package static func writeFile(_ data: Data, at path: String, in folder: URL)
    throws(ReportBlobError)
  {
    let file = url(of: path, in: folder)
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicFile.write(data, to: file)
    } catch {
      throw ReportBlobError(path: file.path, message: "cannot write: \(SystemReason.of(error))")
    }
  }
}

extension ReportBlob {
  /// A file to put into the blob: its path there and where it is now.
  package struct Source: Sendable, Hashable {
    package var path: String
    package var file: URL

    package init(path: String, file: URL) {
      self.path = path
      self.file = file
    }
  }

  /// Writes the blob into `folder`: the mark, every source under ``filesFolder`` with its size
  /// and SHA-256, then ``fileName`` last (so a blob folder with the JSON file is complete). A
  /// missing or empty folder is marked as the tool's; in a marked folder the previous blob is
  /// replaced; any other folder is refused and left as it is. The same results and files give
  /// the same bytes.
  package func write(to folder: URL, copying sources: [Source]) throws(ReportBlobError) {
    try Self.prepare(folder)
    var blob = self
    var seen = Set<String>()
    for source in sources.sorted(by: { $0.path < $1.path }) where seen.insert(source.path).inserted
    {
      if let problem = Self.problem(withPath: source.path) {
        throw ReportBlobError(path: folder.path, message: problem)
      }
      let data = try Self.readRegularFile(source.file, limit: Self.maxAttachmentBytes)
      try Self.writeFile(
        data, at: source.path, in: folder.appendingPathComponent(Self.filesFolder))
      blob.attachments.append(
        Attachment(path: source.path, size: data.count, sha256: SHA256Digest.hex(of: data)))
    }
    let json: Data
    do {
      json = try Self.recordKind.encoded(blob)
    } catch {
      throw ReportBlobError(path: folder.path, message: "cannot encode the blob: \(error)")
    }
    try Self.writeFile(json, at: Self.fileName, in: folder)
  }

  /// Why `folder` cannot take a blob (it holds other files than a blob's, without the mark);
  /// nil when it is missing, empty or a blob folder. Checked before a run renders anything.
  package static func folderProblem(_ folder: URL) -> String? {
    guard let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
      !contents.isEmpty
    else { return nil }
    let ours: Set = [markerFileName, fileName, filesFolder]
    guard contents.contains(markerFileName), Set(contents).isSubset(of: ours) else {
      return "the folder is not empty and is not a report blob folder (it has no "
        + "\(markerFileName) file, or other files beside the blob), so nothing in it is "
        + "replaced; choose another folder, or empty this one"
    }
    return nil
  }

  /// Makes `folder` ready for a new blob (see ``write(to:copying:)``).
  private static func prepare(_ folder: URL) throws(ReportBlobError) {
    if let problem = folderProblem(folder) {
      throw ReportBlobError(path: folder.path, message: problem)
    }
    let manager = FileManager.default
    let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in [fileName, filesFolder] where contents.contains(name) {
      do {
        try manager.removeItem(at: folder.appendingPathComponent(name))
      } catch {
        throw ReportBlobError(
          path: folder.appendingPathComponent(name).path,
          message: "cannot delete the previous blob: \(SystemReason.of(error))")
      }
    }
    guard !contents.contains(markerFileName) else { return }
    try writeFile(
      Data("Made by expandable-preview --report-blob: each run replaces the blob here.\n".utf8),
      at: markerFileName, in: folder)
  }
}
