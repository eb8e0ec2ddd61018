import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The facts that decide what a reader sees in a golden, kept beside it as
/// `NAME.layout.json` (`fileURL(forGolden:)`): one file per golden, so a golden and its record
/// are added, renamed, reviewed and pruned together and checks running in parallel never share
/// a file. Stable JSON (sorted keys, pretty printed), written atomically whenever the golden is,
/// in the renderer's layout schema (`LayoutSchema`, the facts `layout.json` writes) with its
/// ``schemaVersion``.
///
/// Colors are not recorded: they are not layout (the same Pango layout is painted in any
/// color), so `--compare layout` cannot see a color change; `pixels` and `both` can.
public struct LayoutRecord: Sendable, Hashable, Codable {
  /// What one layout decided: the schema's facts (`LayoutSchema/Facts`), kept without the
  /// count of Pango layouts.
  public typealias Facts = LayoutSchema.Facts

  /// A font file the image was drawn with: its name without the folder, and its SHA-256.
  public struct FontFile: Sendable, Hashable, Codable {
    /// The file's name without its folder.
    public var file: String
    /// The file's SHA-256 as lowercase hex; nil in a record kept beside a lock when the
    /// folder's fingerprint names the same hash (``leavingOutFontHashes(namedBy:)``).
    public var sha256: String?

    /// A font file by name and hash (nil: the fingerprint's).
    public init(file: String, sha256: String?) {
      self.file = file
      self.sha256 = sha256
    }
  }

  /// The schema version the record follows (`LayoutSchema/version` when written by this
  /// build; 1 when read from a file without the key).
  public var schemaVersion = LayoutSchema.version
  /// A still image's layout; nil for an animation.
  public var still: Facts?
  /// An animation's layouts at its two ends and the component's height in points per frame.
  public var collapsed: Facts?
  /// The animation's expanded end; nil for a still.
  public var expanded: Facts?
  /// The animation's height in points per frame; nil for a still.
  public var frameHeights: [Double]?
  /// The font files that drew the image, sorted by file name.
  public var fonts: [FontFile]
  /// The libraries that rasterised it. Context, not layout: ``changes(to:)`` ignores them and
  /// names them only when the layout is the same and the pixels differ.
  public var libraries: LibraryVersions

  /// A record of a still (`still`) or an animation (its two ends and frame heights), drawn
  /// with `fonts` by `libraries`.
  public init(
    still: Facts? = nil, collapsed: Facts? = nil, expanded: Facts? = nil,
    frameHeights: [Double]? = nil, fonts: [FontFile], libraries: LibraryVersions = .current
  ) {
    self.still = still?.withoutWork
    self.collapsed = collapsed?.withoutWork
    self.expanded = expanded?.withoutWork
    self.frameHeights = frameHeights
    self.fonts = Set(fonts).sorted { ($0.file, $0.sha256 ?? "") < ($1.file, $1.sha256 ?? "") }
    self.libraries = libraries
  }

  /// The record of a still render drawn with the font files at `fontFiles`.
  public init(_ layout: LayoutResult, fontFiles: [String]) throws {
    self.init(still: Facts(layout), fonts: try Self.fonts(fontFiles))
  }

  /// The record of an animation.
  public init(_ animation: AnimationRenderResult) throws {
    self.init(
      collapsed: Facts(animation.collapsed), expanded: Facts(animation.expanded),
      frameHeights: animation.frames.map(\.height), fonts: try Self.fonts(animation.fontFiles))
  }

  private static func fonts(_ paths: [String]) throws -> [FontFile] {
    try paths.map { path in
      let file = try FontFileCache.shared.fontFile(at: path)
      return FontFile(file: file.file, sha256: file.sha256)
    }
  }

  /// `a/collapsed@1x.layout.json` for the golden `a/collapsed@1x.png`.
  public static func path(forGolden golden: String) -> String {
    let base = golden.lowercased().hasSuffix(".png") ? String(golden.dropLast(4)) : golden
    return base + fileSuffix
  }

  /// The largest record read: a record of the renderer's longest allowed text
  /// (`RenderLimits.maxTextBytes`) in both states, with its VoiceOver labels and frames, fits
  /// several times over. A larger file is refused unread, naming it, and counts as no record.
  static let maxBytes = 16 << 20

  /// What a record's file name ends with.
  public static let fileSuffix = ".layout.json"

  /// Stable JSON: sorted keys, pretty printed, ending in a newline.
  public func jsonData() throws -> Data {
    try StableJSON.data(self)
  }

  /// The record as one line of JSON (sorted keys, no indentation): how a locked snapshots
  /// folder keeps it, about two thirds of the pretty-printed bytes.
  public func compactJSONData() throws -> Data {
    try StableJSON.compactData(self)
  }

  /// Reads a record of any version in `LayoutSchema/readableVersions`.
  ///
  /// - Throws: ``LayoutRecordError`` in plain words, naming the key, when the data is not a
  ///   record, is of another schema version (``otherVersion(_:)``), or holds a value no render
  ///   produces (`validated()`).
  public init(jsonData: Data) throws {
    let decoded: LayoutRecord
    do {
      // The version first: a record of another version may not decode at all.
      let version = try JSONDecoder().decode(SchemaVersion.self, from: jsonData).version
      guard LayoutSchema.readableVersions.contains(version) else {
        throw LayoutRecordError(description: Self.otherVersion(version))
      }
      decoded = try JSONDecoder().decode(LayoutRecord.self, from: jsonData)
    } catch let error as LayoutRecordError {
      throw error
    } catch {
      throw LayoutRecordError(description: DecodingReason.of(error))
    }
    self = try decoded.validated()
  }
}
