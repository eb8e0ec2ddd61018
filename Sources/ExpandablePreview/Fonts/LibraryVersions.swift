internal import CPangoCairo

/// The versions of the libraries that decide how text looks, read at run time.
public struct LibraryVersions: Sendable, Hashable, Codable {
  /// Pango's version, as `pango_version_string` gives it.
  public var pango: String
  /// Cairo's version (`cairo_version_string`).
  public var cairo: String
  /// HarfBuzz's version (`hb_version_string`).
  public var harfbuzz: String
  /// FreeType's version (`FT_Library_Version`).
  public var freetype: String
  /// fontconfig's version (`FcGetVersion`).
  public var fontconfig: String

  /// The given versions, for example as read back from a fingerprint.
  public init(pango: String, cairo: String, harfbuzz: String, freetype: String, fontconfig: String)
  {
    self.pango = pango
    self.cairo = cairo
    self.harfbuzz = harfbuzz
    self.freetype = freetype
    self.fontconfig = fontconfig
  }

  /// The libraries this process runs with (`pango_version_string`, `cairo_version_string`,
  /// `hb_version_string`, `FT_Library_Version`, `FcGetVersion`), read once.
  public static let current: LibraryVersions = {
    LibraryVersions(
      pango: String(cString: pango_version_string()),
      cairo: String(cString: cairo_version_string()),
      harfbuzz: String(cString: hb_version_string()),
      freetype: freetypeVersion(),
      fontconfig: fontconfigVersion())
  }()

  /// Name and version pairs in a fixed order, for explanations.
  package var named: [(name: String, version: String)] {
    [
      ("Pango", pango), ("Cairo", cairo), ("HarfBuzz", harfbuzz), ("FreeType", freetype),
      ("fontconfig", fontconfig),
    ]
  }

  private static func freetypeVersion() -> String {
    var library: FT_Library? = nil
    guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
    defer { FT_Done_FreeType(library) }
    var major: FT_Int = 0
    var minor: FT_Int = 0
    var patch: FT_Int = 0
    FT_Library_Version(library, &major, &minor, &patch)
    return "\(major).\(minor).\(patch)"
  }

  /// `FcGetVersion` packs the version as major × 10000 + minor × 100 + revision.
  private static func fontconfigVersion() -> String {
    let packed = Int(FcGetVersion())
    return "\(packed / 10000).\(packed / 100 % 100).\(packed % 100)"
  }
}
