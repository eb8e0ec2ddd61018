import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension ReportBlob {
  /// A blob read from disk and checked, with the names messages give it.
  package struct Loaded: Sendable {
    package var blob: ReportBlob
    /// The folder whose ``filesFolder`` holds the attachments.
    package var folder: URL
    /// The blob's JSON file as the command line named it (`blobs/2/report-blob.json`).
    package var name: String
  }

  /// Reads and checks the blob at `path`, a blob folder or its ``fileName``: a file refused by
  /// ``recordKind`` (too large, a link, not JSON, not a blob, of another version, with a
  /// missing or wrong field), or one with an attachment that is missing or has other bytes than listed is refused, naming
  /// the file and what is wrong; nothing is trusted before it is checked. A relative `path`
  /// is read from `base` (the working directory when nil) and named as given.
  package static func read(_ path: String, relativeTo base: URL? = nil) throws(ReportBlobError)
    -> Loaded
  {
    let given = URL(fileURLWithPath: path, relativeTo: base).absoluteURL
    var isFolder: ObjCBool = false
    let inFolder =
      FileManager.default.fileExists(atPath: given.path, isDirectory: &isFolder)
      && isFolder.boolValue
    let file = inFolder ? given.appendingPathComponent(fileName) : given
    let name = inFolder ? (path.hasSuffix("/") ? path : path + "/") + fileName : path
    let folder = file.deletingLastPathComponent()
    func refuse(_ message: String) -> ReportBlobError {
      ReportBlobError(path: name, message: message)
    }

    let blob: ReportBlob
    switch RecordFile.read(
      ReportBlob.self, as: recordKind, at: file.path, naming: name, validate: { $0.problem })
    {
    case .record(let read, _): blob = read
    case .refused(let error, _): throw refuse(error.message)
    case .absent:
      let missing = RecordError(
        name: name, kind: recordKind,
        problem: .unreadable("cannot open it: \(SystemReason.of(code: ENOENT))"))
      throw refuse(missing.message)
    }
    for attachment in blob.attachments {
      let shown = filesFolder + "/" + attachment.path
      let bytes: Data
      do {
        bytes = try readRegularFile(
          url(of: attachment.path, in: folder.appendingPathComponent(filesFolder)),
          limit: attachment.size)
      } catch {
        throw refuse("\(shown): \(error.message) (the blob lists it with \(attachment.size) bytes)")
      }
      guard bytes.count == attachment.size, SHA256Digest.hex(of: bytes) == attachment.sha256 else {
        throw refuse(
          "\(shown) has other bytes than the blob lists (\(bytes.count) bytes, "
            + "\(attachment.size) listed; or another SHA-256): the blob is damaged")
      }
    }
    return Loaded(blob: blob, folder: folder, name: name)
  }

  /// What makes the blob inconsistent with itself, in words; nil when nothing does.
  var problem: String? {
    switch kind {
    case .verify where verify == nil || render != nil:
      return "a verify blob needs \"verify\" results and no \"render\" ones"
    case .render where render == nil || verify != nil:
      return "a render blob needs \"render\" results and no \"verify\" ones"
    default: break
    }
    guard shard.count >= 1, shard.count <= 1_000_000, (1...shard.count).contains(shard.index)
    else { return "\"shard\" \(shard.index)/\(shard.count) is not K of N with 1 ≤ K ≤ N" }
    guard identity.itemCount >= 0, Self.isDigest(identity.plan) else {
      return "\"identity\" has no plan digest or a negative item count"
    }
    var paths = Set<String>()
    for attachment in attachments {
      if let problem = Self.problem(withPath: attachment.path) { return problem }
      guard paths.insert(attachment.path).inserted else {
        return "the file \(attachment.path) is listed twice"
      }
      guard (0...Self.maxAttachmentBytes).contains(attachment.size),
        Self.isDigest(attachment.sha256)
      else { return "the file \(attachment.path) has no valid size or SHA-256" }
    }
    let items = 0..<identity.itemCount
    if let verify {
      for placed in verify.entries {
        guard items.contains(placed.item) else {
          return "the entry \(placed.entry.path) names item \(placed.item) of \(items.count)"
        }
      }
      for entry in verify.entries.map(\.entry) + verify.trailing {
        let files = [entry.artifacts?.actual, entry.artifacts?.expected, entry.artifacts?.diff]
        for file in files.compactMap({ $0 }) where !paths.contains(file) {
          return "the entry \(entry.path) names the file \(file), which the blob does not list"
        }
      }
    }
    if let render {
      guard render.itemNames.count == identity.itemCount else {
        return
          "\"render\" names \(render.itemNames.count) items, the identity \(identity.itemCount)"
      }
      var seen = Set<Int>()
      for section in render.sections
      where !items.contains(section.item) || !seen.insert(section.item).inserted {
        return "the gallery section of item \(section.item) is out of range or given twice"
      }
    }
    return nil
  }

  private static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
