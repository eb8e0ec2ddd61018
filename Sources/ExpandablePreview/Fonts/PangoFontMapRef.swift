internal import CPangoCairo
import Foundation

/// Owns a PangoCairo font map of its own (`pango_cairo_font_map_new`, `g_object_unref`),
/// bound to a private fontconfig configuration (`pango_fc_font_map_set_config`, which takes
/// its own reference to the configuration).
final class PangoFontMapRef {
  private let pointer: UnsafeMutablePointer<PangoFontMap>

  init(config: some FontConfigOwner) throws(RenderError) {
    ProcessFontConfig.prepare()
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

  /// The key under which each thread keeps its font map for the set with `added` fonts.
  static func threadKey(adding added: [URL]) -> String {
    "ExpandablePreview.fontMap:" + added.map(\.path).joined(separator: "\n")
  }

  /// The calling thread's font map for `config`, made once per thread: Pango's font maps are
  /// not to be shared between threads, and each keeps caches of loaded faces worth reusing.
  static func forCurrentThread(config: some FontConfigOwner, key: String) throws(RenderError)
    -> PangoFontMapRef
  {
    let dictionary = Thread.current.threadDictionary
    if let map = dictionary[key] as? PangoFontMapRef { return map }
    let map = try PangoFontMapRef(config: config)
    dictionary[key] = map
    return map
  }
}
