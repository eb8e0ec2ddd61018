import Foundation

extension LayoutRecord {
  /// The record without the font hashes `fingerprint` names for the same files: how a locked
  /// snapshots folder keeps it, since the folder's `fingerprint.json` holds each hash once
  /// (about 75 bytes per font file per golden). A hash the fingerprint does not name, or names
  /// otherwise, stays, so ``fillingFontHashes(from:)`` gives the record back.
  public func leavingOutFontHashes(namedBy fingerprint: Fingerprint?) -> LayoutRecord {
    var record = self
    record.fonts = fonts.map { font in
      guard let sha256 = font.sha256, fingerprint?.font(named: font.file)?.sha256 == sha256
      else { return font }
      return FontFile(file: font.file, sha256: nil)
    }
    return record
  }

  /// The record with no font hash: a golden recorded now, whose run gives the folder's
  /// fingerprint the hashes of the fonts it used.
  public var withoutFontHashes: LayoutRecord {
    var record = self
    record.fonts = fonts.map { FontFile(file: $0.file, sha256: nil) }
    return record
  }

  /// The record with each font hash it leaves out taken from `fingerprint` (the folder's);
  /// a hash the fingerprint does not name stays out, and compares as unknown.
  public func fillingFontHashes(from fingerprint: Fingerprint?) -> LayoutRecord {
    guard let fingerprint, fonts.contains(where: { $0.sha256 == nil }) else { return self }
    var record = self
    record.fonts = fonts.map { font in
      guard font.sha256 == nil, let known = fingerprint.font(named: font.file) else { return font }
      return FontFile(file: font.file, sha256: known.sha256)
    }
    return record
  }
}

extension LayoutRecord {
  private static let fontOpening = #"{"file":""#
  private static let hashKey = #"","sha256":""#

  /// A compact record's bytes (``compactJSONData()``, any schema version) without the font
  /// hashes `fingerprint` names for the same files: `{"file":"A.otf","sha256":"…"}` becomes
  /// `{"file":"A.otf"}`. Only the fonts array can hold that text unescaped (a quote inside any
  /// string value is `\"`), so the rest of the bytes stay as they are.
  static func compactBytesLeavingOutFontHashes(_ data: Data, namedBy fingerprint: Fingerprint?)
    -> Data
  {
    rewritingFonts(data) { name, rest in
      let hash = rest.dropFirst(hashKey.count).prefix(64)
      guard rest.hasPrefix(hashKey), hash.count == 64,
        rest.dropFirst(hashKey.count + 64).hasPrefix("\"}"),
        fingerprint?.font(named: String(name))?.sha256 == String(hash)
      else { return nil }
      return (name + "\"}", hashKey.count + 64 + 2)
    }
  }

  /// The inverse of ``compactBytesLeavingOutFontHashes(_:namedBy:)``: each font without a
  /// hash gets the one `fingerprint` names for its file.
  static func compactBytesFillingFontHashes(_ data: Data, from fingerprint: Fingerprint?) -> Data {
    rewritingFonts(data) { name, rest in
      guard rest.hasPrefix("\"}"), let hash = fingerprint?.font(named: String(name))?.sha256
      else { return nil }
      return (name + hashKey + hash + "\"}", 2)
    }
  }

  /// Copies `data`, letting `replace` rewrite each font entry's name and what follows it:
  /// given the name and the text after it, it returns the replacement and how many characters
  /// of that text it stands for, or nil to leave them.
  private static func rewritingFonts(
    _ data: Data, _ replace: (Substring, Substring) -> (String, Int)?
  ) -> Data {
    let text = String(decoding: data, as: UTF8.self)
    var output = ""
    var rest = Substring(text)
    while let opening = rest.range(of: fontOpening) {
      output += rest[..<opening.upperBound]
      rest = rest[opening.upperBound...]
      guard let quote = rest.firstIndex(of: "\"") else { break }
      let name = rest[..<quote]
      let after = rest[quote...]
      if let (replacement, length) = replace(name, after) {
        output += replacement
        rest = after.dropFirst(length)
      } else {
        output += name
        rest = after
      }
    }
    output += rest
    return Data(output.utf8)
  }
}
