import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

/// The playground's "Save to manifest": its item written into the manifest as a new last item,
/// or over the item it was opened from, changing no other byte of the file (the other items,
/// the defaults, the comments' absence and the spacing stay as written). The new file must
/// pass the manifest's own rules (``ManifestDecoder``) and is written atomically, and only
/// when the file is still the one the page read (by its SHA-256): an edit made meanwhile in an
/// editor is never overwritten.
enum ManifestSave {
  /// The SHA-256 of the manifest's bytes, for ``save(manifest:name:text:flags:replacing:readDigest:)``;
  /// nil when it cannot be read.
  static func digest(of path: String) -> String? {
    guard case .bytes(let data, _) = BoundedFile.read(path, maxBytes: 64 << 20) else { return nil }
    return SHA256Digest.hex(of: data)
  }

  /// Writes the item of `text` and `flags`, named `name`, into the manifest at `path`: over
  /// the item named `replacing`, or after the last item. Returns the new file's SHA-256.
  ///
  /// - Throws: when the file changed since it was read (`readDigest`), the settings cannot be
  ///   read, no item is named `replacing`, or the new manifest breaks a rule (its errors, as
  ///   `render` says them); nothing is written then.
  static func save(
    manifest path: String, name: String, text: String, flags: [(name: String, value: String)],
    replacing: String?, readDigest: String
  ) throws(PreviewProblem) -> String {
    guard case .bytes(let data, _) = BoundedFile.read(path, maxBytes: 64 << 20) else {
      throw PreviewProblem("cannot read \(path)")
    }
    guard SHA256Digest.hex(of: data) == readDigest else {
      throw PreviewProblem(
        "\(path) changed on disk since the playground read it; reload the page (nothing was "
          + "written)")
    }
    let item = try ItemPreview(text: text, flags: flags).itemJSON
    // The copy's first member is its name (`"name": "playground"`): the one given instead.
    let named = item.replacingFirst(
      "\"name\": " + JSONWriter.text(JSONNode(value: .string(ItemPreview.itemName), offset: 0)),
      with: "\"name\": " + JSONWriter.text(JSONNode(value: .string(name), offset: 0)))
    let bytes = try spliced(Array(data), item: named, replacing: replacing, in: path)
    do {
      _ = try ManifestDecoder.decode(ManifestSource(path: path, bytes: bytes))
    } catch {
      throw PreviewProblem("the manifest would not be valid (nothing was written):\n\(error)")
    }
    do { try AtomicFile.write(Data(bytes), to: URL(fileURLWithPath: path)) } catch {
      throw PreviewProblem("\(error)")
    }
    return SHA256Digest.hex(of: bytes)
  }

  /// `bytes` with `item` (an object's JSON text) in place of the item named `replacing`, or
  /// after the last item, indented as the items are.
  static func spliced(_ bytes: [UInt8], item: String, replacing: String?, in path: String)
    throws(PreviewProblem) -> [UInt8]
  {
    let top: JSONNode
    do { top = try JSONReader.parse(bytes) } catch {
      throw PreviewProblem("\(path): \(error)")
    }
    guard case .object(let members) = top.value,
      let items = members.last(where: { $0.key == "items" })?.value,
      case .array(let elements) = items.value
    else { throw PreviewProblem("\(path): no \"items\" array to save into") }
    if let replacing {
      guard
        let old = elements.first(where: { element in
          guard case .object(let fields) = element.value,
            case .string(let name)? = fields.last(where: { $0.key == "name" })?.value.value
          else { return false }
          return name == replacing
        })
      else { throw PreviewProblem("\(path): no item named \"\(replacing)\" to save over") }
      let end = valueEnd(bytes, from: old.offset)
      let text = indented(item, by: indentation(of: old.offset, in: bytes))
      return Array(bytes[..<old.offset]) + Array(text.utf8) + Array(bytes[end...])
    }
    if let last = elements.last {
      let end = valueEnd(bytes, from: last.offset)
      let indent = indentation(of: last.offset, in: bytes)
      let text = ",\n" + indent + indented(item, by: indent)
      return Array(bytes[..<end]) + Array(text.utf8) + Array(bytes[end...])
    }
    // An empty array: the item inside it, on lines of its own.
    let open = items.offset + 1
    let indent = indentation(of: items.offset, in: bytes)
    let text = "\n" + indent + "  " + indented(item, by: indent + "  ") + "\n" + indent
    return Array(bytes[..<open]) + Array(text.utf8) + Array(bytes[open...])
  }

  /// The spaces and tabs before `offset` on its line.
  private static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
    var start = offset
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// `text`'s lines after the first, each indented by `indent` more.
  private static func indented(_ text: String, by indent: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().map { $0.offset == 0 ? String($0.element) : indent + $0.element }
      .joined(separator: "\n")
  }

  /// Where the JSON value starting at `start` ends (one past its last byte): a string, an
  /// object or array (brackets counted outside strings), or a literal or number.
  static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var depth = 0
    var index = start
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index + 1 }
        }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
          if depth < 0 { return index }
        case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
          if depth == 0 { return index }
        default: break
        }
      }
      index += 1
    }
    return index
  }
}

extension String {
  /// This text with the first `target` replaced by `replacement`.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
