internal import CPangoCairo
import Foundation

/// Owns a Cairo SVG or PDF surface writing into memory (`cairo_svg_surface_create_for_stream`,
/// `cairo_pdf_surface_create_for_stream`; `cairo_surface_destroy`). Sizes are points, the
/// vector formats' own unit, so a document has no scale.
final class CairoVectorSurface: CairoSurface {
  enum Format { case svg, pdf }

  private let pointer: OpaquePointer
  /// Collects the bytes Cairo writes; outlives the surface, which is destroyed first.
  private let sink = Sink()

  /// A fixed date for the PDF's creation and modification entries: the same bytes every run.
  static let fixedDate = "2000-01-01T00:00:00Z"

  init(_ format: Format, width: Double, height: Double) throws(RenderError) {
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    let write: cairo_write_func_t = { closure, bytes, length in
      guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(
        bytes, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    let surface =
      switch format {
      case .svg: cairo_svg_surface_create_for_stream(write, closure, width, height)
      case .pdf: cairo_pdf_surface_create_for_stream(write, closure, width, height)
      }
    guard let surface else {
      throw .cairo(operation: "cairo_\(format)_surface_create_for_stream", status: .noMemory)
    }
    pointer = surface
    try RenderError.check(
      cairo_surface_status(surface), "cairo_\(format)_surface_create_for_stream")
    switch format {
    case .svg:
      // Points as the document's unit, so the file says how big it is (`width="375pt"`).
      cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
    case .pdf:
      // Otherwise Cairo writes the current time into /CreationDate and /ModDate.
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.fixedDate)
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, Self.fixedDate)
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ExpandablePreview")
    }
  }

  deinit { cairo_surface_destroy(pointer) }

  /// Lends the `cairo_surface_t` to `body`, keeping its owner alive meanwhile; the pointer must
  /// not escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// Lends a drawing context to `draw`, then finishes the document (`cairo_surface_finish`)
  /// and returns its bytes. The surface takes no drawing after this.
  func document(_ draw: (CairoContext) throws(RenderError) -> Void) throws(RenderError) -> Data {
    do {
      let cairo = try CairoContext(surface: self)
      try draw(cairo)
    }
    cairo_surface_finish(pointer)
    try RenderError.check(cairo_surface_status(pointer), "cairo_surface_finish")
    return sink.data
  }

  private final class Sink {
    var data = Data()
  }
}
