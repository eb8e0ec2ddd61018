import ExpandablePreview

extension LayoutRecord {
  enum CodingKeys: String, CodingKey {
    case schemaVersion, still, collapsed, expanded, frameHeights, fonts, libraries
  }

  /// Reads a record of any readable version: one without `schemaVersion` is of version 1.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
    still = try container.decodeIfPresent(Facts.self, forKey: .still)
    collapsed = try container.decodeIfPresent(Facts.self, forKey: .collapsed)
    expanded = try container.decodeIfPresent(Facts.self, forKey: .expanded)
    frameHeights = try container.decodeIfPresent([Double].self, forKey: .frameHeights)
    fonts = try container.decode([FontFile].self, forKey: .fonts)
    libraries = try container.decode(LibraryVersions.self, forKey: .libraries)
  }

  /// Why a record of schema version `version` is not read, in the words every check shows:
  /// the golden check then counts it as unreadable and writes it anew with its golden.
  public static func otherVersion(_ version: Int) -> String {
    "schemaVersion \(version): a layout record of another version (this build reads "
      + "\(LayoutSchema.readableVersions.lowerBound)…\(LayoutSchema.readableVersions.upperBound)"
      + "); it is written again when the golden is recorded"
  }

  /// Only the version of a record, read before the rest.
  struct SchemaVersion: Decodable {
    var version: Int

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
    }
  }
}
