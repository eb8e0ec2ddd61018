import ExpandablePreviewSupport
import Foundation

// The record's thousands of entries are coded as arrays, not objects: decoding an object's
// keys took most of the time of reading the record, which every run does.

extension RenderRecord.Entry {
  /// `[key, stillAnimation, [path, sha256, stamp or null]…]`, the files sorted by path.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(key)
    try container.encode(stillAnimation)
    for (path, sha256) in files.sorted(by: { $0.key < $1.key }) {
      var file = container.nestedUnkeyedContainer()
      try file.encode(path)
      try file.encode(sha256)
      try CompactStamp.encode(stamps[path], to: &file)
    }
  }

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    key = try container.decode(String.self)
    stillAnimation = try container.decode(Bool.self)
    files = [:]
    stamps = [:]
    while !container.isAtEnd {
      var file = try container.nestedUnkeyedContainer()
      let path = try file.decode(String.self)
      files[path] = try file.decode(String.self)
      stamps[path] = try CompactStamp.decode(from: &file)
    }
  }
}

extension RenderRecord.Report {
  /// `[sha256, stamp or null, start, [file…], [length…]]`.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(sha256)
    try CompactStamp.encode(stamp, to: &container)
    try container.encode(start)
    try container.encode(files)
    try container.encode(lengths)
  }

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    sha256 = try container.decode(String.self)
    stamp = try CompactStamp.decode(from: &container)
    start = try container.decode(Int.self)
    files = try container.decode([String].self)
    lengths = try container.decode([Int].self)
  }
}

/// A stamp as `[device, inode, size, modified, changed]`, or null.
private enum CompactStamp {
  static func encode(_ stamp: FileStamp?, to container: inout some UnkeyedEncodingContainer)
    throws
  {
    guard let stamp else { return try container.encodeNil() }
    var fields = container.nestedUnkeyedContainer()
    try fields.encode(stamp.device)
    try fields.encode(stamp.inode)
    try fields.encode(stamp.size)
    try fields.encode(stamp.modified)
    try fields.encode(stamp.changed)
  }

  static func decode(from container: inout some UnkeyedDecodingContainer) throws -> FileStamp? {
    if try container.decodeNil() { return nil }
    var fields = try container.nestedUnkeyedContainer()
    return FileStamp(
      device: try fields.decode(UInt64.self), inode: try fields.decode(UInt64.self),
      size: try fields.decode(Int64.self), modified: try fields.decode(Int64.self),
      changed: try fields.decode(Int64.self))
  }
}
