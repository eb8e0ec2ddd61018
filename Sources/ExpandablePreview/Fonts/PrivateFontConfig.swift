internal import CPangoCairo
import Foundation

/// Owns a fontconfig configuration that knows only the given font files and folders
/// (`FcConfigCreate`, `FcConfigAppFontAddFile`, `FcConfigAppFontAddDir`, `FcConfigBuildFonts`;
/// freed with `FcConfigDestroy`). It reads no configuration file, so no system font is in it.
final class PrivateFontConfig {
  private let pointer: OpaquePointer

  /// - Throws: ``RenderError/fontConfig(_:)`` naming a path that is missing or holds no
  ///   font fontconfig can read.
  init(fonts: [URL]) throws(RenderError) {
    guard !fonts.isEmpty else {
      throw .fontConfig(FontConfigError("give at least one font file or folder"))
    }
    guard let config = FcConfigCreate() else {
      throw .fontConfig(FontConfigError("FcConfigCreate returned NULL"))
    }
    pointer = config
    for url in fonts {
      if try Self.isFolder(url.path) {
        // File by file rather than FcConfigAppFontAddDir, which wants a writable cache folder
        // this configuration does not have; files that are not fonts are skipped.
        for file in Self.files(in: url) { FcConfigAppFontAddFile(config, file) }
      } else if FcConfigAppFontAddFile(config, url.path) == 0 {
        throw .fontConfig(FontConfigError(path: url.path, "fontconfig cannot read it as a font"))
      }
    }
    guard FcConfigBuildFonts(config) != 0 else {
      throw .fontConfig(FontConfigError("FcConfigBuildFonts failed"))
    }
    guard let set = FcConfigGetFonts(config, FcSetApplication), set.pointee.nfont > 0 else {
      throw .fontConfig(
        FontConfigError("no font found in \(fonts.map(\.path).joined(separator: ", "))"))
    }
  }

  deinit { FcConfigDestroy(pointer) }

  /// Lends the `FcConfig` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// Whether `path` is a folder (else a regular file). Anything else (a FIFO, whose open
  /// would block forever, a socket, a device) is refused by `stat` before anything opens it; a
  /// file is then opened non-blocking and checked again, just before fontconfig reads it.
  static func isFolder(_ path: String) throws(RenderError) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw errno == ENOENT
        ? .fontConfig(FontConfigError(path: path, "does not exist"))
        : .fontConfig(FontConfigError(path: path, String(cString: strerror(errno))))
    }
    if status.st_mode & S_IFMT == S_IFDIR { return true }
    try checkRegular(status, path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .fontConfig(
        FontConfigError(path: path, "cannot be opened: \(String(cString: strerror(errno)))"))
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else {
      throw .fontConfig(FontConfigError(path: path, String(cString: strerror(errno))))
    }
    try checkRegular(status, path)
    return false
  }

  private static func checkRegular(_ status: stat, _ path: String) throws(RenderError) {
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFIFO: kind = "a FIFO"
    case S_IFSOCK: kind = "a socket"
    case S_IFCHR, S_IFBLK: kind = "a device"
    default: kind = "not a file"
    }
    throw .fontConfig(FontConfigError(path: path, "is \(kind), not a regular file or folder"))
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

/// Owns a PangoCairo font map of its own (`pango_cairo_font_map_new`, `g_object_unref`),
/// optionally bound to a private fontconfig configuration (`pango_fc_font_map_set_config`,
/// which takes its own reference to the configuration).
final class PangoFontMapRef {
  private let pointer: UnsafeMutablePointer<PangoFontMap>

  init(config: PrivateFontConfig) throws(RenderError) {
    guard let map = pango_cairo_font_map_new() else {
      throw .pango("pango_cairo_font_map_new returned NULL")
    }
    pointer = map
    guard FontFiles.isInstance(map, of: pango_fc_font_map_get_type()) else {
      throw .pango("the PangoCairo font map is not fontconfig-based; fonts cannot be pinned")
    }
    config.withUnsafePointer { pango_fc_font_map_set_config(OpaquePointer(map), $0) }
  }

  deinit { g_object_unref(pointer) }

  /// Lends the `PangoFontMap` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (UnsafeMutablePointer<PangoFontMap>) throws(E) -> R)
    throws(E) -> R
  {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }
}
