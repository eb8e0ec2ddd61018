internal import CCmarkGFM
internal import CPNG
internal import CPangoCairo

extension LibraryVersions {
  /// The libraries besides the text stack (``named``) whose version can change a job's bytes:
  /// pixman rasterizes Cairo's drawing, FriBidi orders bidirectional text for Pango, libdeflate
  /// compresses the PNG bytes, libpng decodes goldens, cmark-gfm parses Markdown. Content keys
  /// carry them; fingerprints do not, as they explain how text looks. Read at run time where
  /// the library tells (`pixman_version_string`, `png_get_libpng_ver`, `cmark_version_string`),
  /// else as compiled against (`FRIBIDI_VERSION`, `LIBDEFLATE_VERSION_STRING`).
  package static let others: [String: String] = [
    "pixman": String(cString: pixman_version_string()),
    "FriBidi": FRIBIDI_VERSION,
    "libdeflate": LIBDEFLATE_VERSION_STRING,
    "libpng": String(cString: png_get_libpng_ver(nil)),
    "cmark-gfm": String(cString: cmark_version_string()),
  ]
}
