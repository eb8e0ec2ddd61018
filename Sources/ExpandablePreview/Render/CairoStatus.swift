internal import CPangoCairo

/// A Cairo error status: one case per `cairo_status_t` value other than `CAIRO_STATUS_SUCCESS`,
/// each named after its C constant (as swift-system's `Errno` names `errno` values). Cairo
/// objects carry a status instead of failing calls, so every owner checks it.
public enum CairoStatus: Int32, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `CAIRO_STATUS_NO_MEMORY`: Out of memory.
  case noMemory = 1
  /// `CAIRO_STATUS_INVALID_RESTORE`: Cairo_restore() called without matching cairo_save().
  case invalidRestore = 2
  /// `CAIRO_STATUS_INVALID_POP_GROUP`: No saved group to pop, i.e. cairo_pop_group() without matching cairo_push_group().
  case invalidPopGroup = 3
  /// `CAIRO_STATUS_NO_CURRENT_POINT`: No current point defined.
  case noCurrentPoint = 4
  /// `CAIRO_STATUS_INVALID_MATRIX`: Invalid matrix (not invertible).
  case invalidMatrix = 5
  /// `CAIRO_STATUS_INVALID_STATUS`: Invalid value for an input cairo_status_t.
  case invalidStatus = 6
  /// `CAIRO_STATUS_NULL_POINTER`: NULL pointer.
  case nullPointer = 7
  /// `CAIRO_STATUS_INVALID_STRING`: Input string not valid UTF-8.
  case invalidString = 8
  /// `CAIRO_STATUS_INVALID_PATH_DATA`: Input path data not valid.
  case invalidPathData = 9
  /// `CAIRO_STATUS_READ_ERROR`: Error while reading from input stream.
  case readError = 10
  /// `CAIRO_STATUS_WRITE_ERROR`: Error while writing to output stream.
  case writeError = 11
  /// `CAIRO_STATUS_SURFACE_FINISHED`: Target surface has been finished.
  case surfaceFinished = 12
  /// `CAIRO_STATUS_SURFACE_TYPE_MISMATCH`: The surface type is not appropriate for the operation.
  case surfaceTypeMismatch = 13
  /// `CAIRO_STATUS_PATTERN_TYPE_MISMATCH`: The pattern type is not appropriate for the operation.
  case patternTypeMismatch = 14
  /// `CAIRO_STATUS_INVALID_CONTENT`: Invalid value for an input cairo_content_t.
  case invalidContent = 15
  /// `CAIRO_STATUS_INVALID_FORMAT`: Invalid value for an input cairo_format_t.
  case invalidFormat = 16
  /// `CAIRO_STATUS_INVALID_VISUAL`: Invalid value for an input Visual*.
  case invalidVisual = 17
  /// `CAIRO_STATUS_FILE_NOT_FOUND`: File not found.
  case fileNotFound = 18
  /// `CAIRO_STATUS_INVALID_DASH`: Invalid value for a dash setting.
  case invalidDash = 19
  /// `CAIRO_STATUS_INVALID_DSC_COMMENT`: Invalid value for a DSC comment.
  case invalidDscComment = 20
  /// `CAIRO_STATUS_INVALID_INDEX`: Invalid index passed to getter.
  case invalidIndex = 21
  /// `CAIRO_STATUS_CLIP_NOT_REPRESENTABLE`: Clip region not representable in desired format.
  case clipNotRepresentable = 22
  /// `CAIRO_STATUS_TEMP_FILE_ERROR`: Error creating or writing to a temporary file.
  case tempFileError = 23
  /// `CAIRO_STATUS_INVALID_STRIDE`: Invalid value for stride.
  case invalidStride = 24
  /// `CAIRO_STATUS_FONT_TYPE_MISMATCH`: The font type is not appropriate for the operation.
  case fontTypeMismatch = 25
  /// `CAIRO_STATUS_USER_FONT_IMMUTABLE`: The user-font is immutable.
  case userFontImmutable = 26
  /// `CAIRO_STATUS_USER_FONT_ERROR`: Error occurred in a user-font callback function.
  case userFontError = 27
  /// `CAIRO_STATUS_NEGATIVE_COUNT`: Negative number used where it is not allowed.
  case negativeCount = 28
  /// `CAIRO_STATUS_INVALID_CLUSTERS`: Input clusters do not represent the accompanying text and glyph array.
  case invalidClusters = 29
  /// `CAIRO_STATUS_INVALID_SLANT`: Invalid value for an input cairo_font_slant_t.
  case invalidSlant = 30
  /// `CAIRO_STATUS_INVALID_WEIGHT`: Invalid value for an input cairo_font_weight_t.
  case invalidWeight = 31
  /// `CAIRO_STATUS_INVALID_SIZE`: Invalid value (typically too big) for the size of the input (surface, pattern, etc.).
  case invalidSize = 32
  /// `CAIRO_STATUS_USER_FONT_NOT_IMPLEMENTED`: User-font method not implemented.
  case userFontNotImplemented = 33
  /// `CAIRO_STATUS_DEVICE_TYPE_MISMATCH`: The device type is not appropriate for the operation.
  case deviceTypeMismatch = 34
  /// `CAIRO_STATUS_DEVICE_ERROR`: An operation to the device caused an unspecified error.
  case deviceError = 35
  /// `CAIRO_STATUS_INVALID_MESH_CONSTRUCTION`: A mesh pattern construction operation was used outside of a
  ///   cairo_mesh_pattern_begin_patch() / cairo_mesh_pattern_end_patch() pair.
  case invalidMeshConstruction = 36
  /// `CAIRO_STATUS_DEVICE_FINISHED`: Target device has been finished.
  case deviceFinished = 37
  /// `CAIRO_STATUS_JBIG2_GLOBAL_MISSING`: CAIRO_MIME_TYPE_JBIG2_GLOBAL_ID has been used on at least one
  ///   image but no image provided CAIRO_MIME_TYPE_JBIG2_GLOBAL.
  case jbig2GlobalMissing = 38
  /// `CAIRO_STATUS_PNG_ERROR`: Error occurred in libpng while reading from or writing to a PNG file.
  case pngError = 39
  /// `CAIRO_STATUS_FREETYPE_ERROR`: Error occurred in libfreetype.
  case freetypeError = 40
  /// `CAIRO_STATUS_WIN32_GDI_ERROR`: Error occurred in the Windows Graphics Device Interface.
  case win32GdiError = 41
  /// `CAIRO_STATUS_TAG_ERROR`: Invalid tag name, attributes, or nesting.
  case tagError = 42

  /// The status of a C call, or nil for `CAIRO_STATUS_SUCCESS`. A value this Cairo does not
  /// name (a newer library) maps to ``invalidStatus``.
  init?(_ status: cairo_status_t) {
    guard status != CAIRO_STATUS_SUCCESS else { return nil }
    self = CairoStatus(rawValue: Int32(status.rawValue)) ?? .invalidStatus
  }

  /// Cairo's own words for the status (`cairo_status_to_string`).
  public var description: String {
    String(cString: cairo_status_to_string(cairo_status_t(rawValue: UInt32(rawValue))))
  }
}
