internal import CPangoCairo
import Foundation

/// Owns a fontconfig configuration that knows only the given font files and folders
/// (`FcConfigCreate`, `FcConfigAppFontAddFile`, `FcConfigBuildFonts`; freed with
/// `FcConfigDestroy`) and the rules of ``PinnedRules``. It reads no configuration file and no
/// environment variable, so no system font, no machine rule and no locale takes part.
final class PrivateFontConfig: @unchecked Sendable {
  let pointer: OpaquePointer
  /// The family names of every face, lowercased, for finding families outside the set.
  private(set) var families: Set<String> = []
  /// The paths of the set's files, sorted.
  private(set) var files: [String] = []
  /// Every character some face of the set has (`FcCharSetUnion`), owned here.
  private let coverage: OpaquePointer

  /// - Parameters:
  ///   - standard: files loaded when present (a missing one is reported by ``StandardFonts``).
  ///   - added: the user's files and folders; each must exist and hold a font.
  /// - Throws: ``RenderError/invalidInput(_:)`` naming a path that is missing or holds no
  ///   font fontconfig can read.
  init(standard: [String], added: [URL]) throws(RenderError) {
    guard let config = FcConfigCreate() else { throw .pango("FcConfigCreate returned NULL") }
    pointer = config
    guard let union = FcCharSetCreate() else {
      FcConfigDestroy(config)
      throw .pango("FcCharSetCreate returned NULL")
    }
    coverage = union
    guard FcConfigParseAndLoadFromMemory(config, PinnedRules.xml, 1) != 0 else {
      throw .pango("fontconfig rejected the pinned rules")
    }
    for path in standard where FileManager.default.fileExists(atPath: path) {
      FcConfigAppFontAddFile(config, path)
    }
    for url in added {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        throw .invalidInput("fonts: \(url.path) does not exist")
      }
      if isFolder.boolValue {
        // File by file rather than FcConfigAppFontAddDir, which wants a writable cache folder
        // this configuration does not have; files that are not fonts are skipped.
        let added = Self.files(in: url).filter { FcConfigAppFontAddFile(config, $0) != 0 }
        guard !added.isEmpty else { throw .invalidInput("fonts: no font found in \(url.path)") }
      } else if FcConfigAppFontAddFile(config, url.path) == 0 {
        throw .invalidInput("fonts: fontconfig cannot read \(url.path) as a font")
      }
    }
    guard FcConfigBuildFonts(config) != 0 else { throw .pango("FcConfigBuildFonts failed") }
    if let set = FcConfigGetFonts(config, FcSetApplication) {
      for index in 0..<Int(set.pointee.nfont) {
        guard let pattern = set.pointee.fonts[index] else { continue }
        var name: UnsafeMutablePointer<FcChar8>? = nil
        var position: Int32 = 0
        while FcPatternGetString(pattern, FC_FAMILY, position, &name) == FcResultMatch, let name {
          families.insert(String(cString: name).lowercased())
          position += 1
        }
        if let file = FontFiles.string(FC_FILE, of: pattern) { files.append(file) }
        var charset: OpaquePointer? = nil
        if FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
          FcCharSetMerge(union, charset, nil)
        }
      }
    }
    files = Set(files).sorted()
  }

  deinit {
    FcCharSetDestroy(coverage)
    FcConfigDestroy(pointer)
  }

  /// Whether some face of the set has a glyph for `scalar` (`FcCharSetHasChar`).
  func covers(_ scalar: Unicode.Scalar) -> Bool {
    FcCharSetHasChar(coverage, scalar.value) != 0
  }

  /// The regular files under `folder`, sorted so that the configuration is built the same way
  /// on every machine.
  private static func files(in folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [String] = []
    while let file = enumerator?.nextObject() as? URL {
      if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files.append(file.path)
      }
    }
    return files.sorted()
  }
}

/// The process's pinned configurations, one per set of added fonts, built once and kept for
/// the process's life: reading the standard set's files takes a noticeable fraction of a
/// second, too much to repeat for every renderer or thread. Fontconfig configurations are safe
/// to query from several threads once built.
enum PrivateFontConfigs {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var configs: [[URL]: PrivateFontConfig] = [:]

  static func config(adding added: [URL]) throws(RenderError) -> PrivateFontConfig {
    lock.lock()
    defer { lock.unlock() }
    if let config = configs[added] { return config }
    let config = try PrivateFontConfig(
      standard: StandardFonts.files.map(\.path), added: added)
    configs[added] = config
    return config
  }
}

/// Owns a PangoCairo font map of its own (`pango_cairo_font_map_new`, `g_object_unref`),
/// bound to a private fontconfig configuration (`pango_fc_font_map_set_config`, which takes
/// its own reference to the configuration).
final class PangoFontMapRef {
  let pointer: UnsafeMutablePointer<PangoFontMap>
  let config: PrivateFontConfig

  init(config: PrivateFontConfig) throws(RenderError) {
    guard let map = pango_cairo_font_map_new() else {
      throw .pango("pango_cairo_font_map_new returned NULL")
    }
    pointer = map
    self.config = config
    guard FontFiles.isInstance(map, of: pango_fc_font_map_get_type()) else {
      throw .pango("the PangoCairo font map is not fontconfig-based; fonts cannot be pinned")
    }
    pango_fc_font_map_set_config(OpaquePointer(map), config.pointer)
  }

  deinit { g_object_unref(pointer) }

  /// The key under which each thread keeps its font map for the set with `added` fonts.
  static func threadKey(adding added: [URL]) -> String {
    "ExpandablePreview.fontMap:" + added.map(\.path).joined(separator: "\n")
  }

  /// The calling thread's font map for `config`, made once per thread: Pango's font maps are
  /// not to be shared between threads, and each keeps caches of loaded faces worth reusing.
  static func forCurrentThread(config: PrivateFontConfig, key: String) throws(RenderError)
    -> PangoFontMapRef
  {
    let dictionary = Thread.current.threadDictionary
    if let map = dictionary[key] as? PangoFontMapRef { return map }
    let map = try PangoFontMapRef(config: config)
    dictionary[key] = map
    return map
  }
}
