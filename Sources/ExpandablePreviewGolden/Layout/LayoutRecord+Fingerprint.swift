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
