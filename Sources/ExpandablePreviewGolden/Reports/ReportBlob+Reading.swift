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

  /// Reads and checks the blob at `path`, a blob folder or its ``fileName``: a file larger than
  /// ``maxJSONBytes``, not JSON, not a blob, of another version, with a missing or wrong field,
  /// or with an attachment that is missing or has other bytes than listed is refused, naming
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

    let data: Data
    do {
      data = try readRegularFile(file, limit: maxJSONBytes)
    } catch {
      throw refuse(error.message)
    }
    // The header first: a foreign file or another version is named as such, not as damage.
    struct Header: Decodable {
      var format: String?
      var version: Int?
    }
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
      let isJSON =
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
      throw refuse(
        (isJSON ? "is not a report blob" : "is not JSON, so not a report blob")
          + " (a blob is the \(fileName) that render or verify --report-blob DIR writes)")
    }
    guard header.format == formatName else {
      throw refuse(
        "is not a report blob: its \"format\" is "
          + (header.format.map { "\"\($0)\"" } ?? "missing") + ", not \"\(formatName)\"")
    }
    guard header.version == currentVersion else {
      throw refuse(
        "is a report blob of version \(header.version.map(String.init) ?? "(missing)"); this tool "
          + "reads version \(currentVersion): merge blobs made by the same expandable-preview")
    }
    let blob: ReportBlob
    do {
      blob = try JSONDecoder().decode(ReportBlob.self, from: data)
    } catch let error as DecodingError {
      throw refuse("is damaged: \(Self.describe(error))")
    } catch {
      throw refuse("is damaged: \(error)")
    }
    if let problem = blob.problem { throw refuse("is damaged: \(problem)") }
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

  /// A decoding error as a key path and what was wrong there.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\"\(key.stringValue)\" is missing at \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
