internal import CPangoCairo

/// Owns a FreeType library (`FT_Init_FreeType`, `FT_Done_FreeType`) and one open face
/// (`FT_New_Face`, `FT_Done_Face`) for every face of a pinned font set, opened once.
///
/// Why: given only a file name, Cairo 1.16 keeps at most ten faces open and closes one another
/// thread may be about to use (it reads the face's lock count without the face's lock, and calls
/// `FT_New_Face`/`FT_Done_Face` on one shared library from several threads). Renders on many
/// threads with more than ten faces in use then crashed in `cairo_scaled_font_glyph_extents` or
/// failed with "error occurred in libfreetype". A pattern that carries its face (`FC_FT_FACE`)
/// is never closed by Cairo, and each face is used under Cairo's lock for it.
///
/// Cairo keeps the faces it was given in caches of its own for the process's life, so the
/// owner must live as long: ``PrivateFontConfigs`` keeps every configuration, and with it this
/// owner, until the process ends.
final class OpenFaces {
  private let library: FT_Library
  private var faces: [FT_Face] = []

  init() throws(RenderError) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .fontConfig(FontConfigError("FT_Init_FreeType failed"))
    }
    self.library = library
  }

  deinit {
    for face in faces { FT_Done_Face(face) }
    FT_Done_FreeType(library)
  }

  /// Opens face `index` of `path` and attaches it to `pattern` as `FC_FT_FACE`; false when
  /// FreeType cannot open it or the pattern does not take it (then Cairo opens the file itself).
  func attach(to pattern: OpaquePointer, path: String, index: Int32) -> Bool {
    var face: FT_Face?
    guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return false }
    guard FcPatternAddFTFace(pattern, FC_FT_FACE, face) != 0 else {
      FT_Done_Face(face)
      return false
    }
    faces.append(face)
    return true
  }

  /// How many faces the font file at `path` declares (`FT_New_Face` with index -1 reads only
  /// the header), or `nil` when FreeType cannot read it as a font.
  func declaredFaceCount(ofFile path: String) -> Int? {
    var face: FT_Face?
    guard FT_New_Face(library, path, -1, &face) == 0, let face else { return nil }
    defer { FT_Done_Face(face) }
    return Int(face.pointee.num_faces)
  }

  /// How many faces are open.
  var count: Int { faces.count }
}
