import ExpandablePreview
import ExpandablePreviewGolden

/// One file to render: an item in one variant and one state.
package struct RenderJob: Sendable {
  /// The item's position in the plan's item list.
  package var itemIndex: Int
  package var itemName: String
  /// The first file it writes (the PNG, when PNG is among the formats).
  package var file: String
  /// The other files it writes: SVG and PDF, which only the variant's first scale writes.
  var moreFiles: [(format: OutputFormat, file: String)] = []
  /// The files the job writes: its first and the other formats'.
  package var fileCount: Int { 1 + moreFiles.count + (overlayFile == nil ? 0 : 1) }
  /// The accessibility overlay's PNG, when the item asks for it (stills only).
  package var overlayFile: String? = nil
  /// Every file the job writes with its format, the first first (the overlay apart).
  package var files: [(format: OutputFormat, file: String)] { [(fileFormat, file)] + moreFiles }
  /// Whether `file` is a PNG (else it is the first of the vector files).
  var fileFormat: OutputFormat = .png
  package var state: OutputState
  var variant: Variant
  package var component: ExpandableText
  package var options: RenderOptions

  /// The kind of output the job writes, as its state names it.
  package var kind: OutputKind { state.kind }

  /// The output path relative to the output folder.
  package var relativePath: String { "\(itemName)/\(file)" }

  /// Every file the job writes (``fileCount`` of them) relative to the output folder, its
  /// formats' files, then the overlay: what the progress output counts, and what its record
  /// entry must name, exactly, for the job to be skipped.
  var writtenPaths: [String] {
    files.map { "\(itemName)/\($0.file)" } + (overlayFile.map { ["\(itemName)/\($0)"] } ?? [])
  }

  /// Every job of `item`: variants in matrix order, each in every selected state.
  package static func jobs(for item: ManifestItem, itemIndex: Int) -> [RenderJob] {
    (0..<item.renderCount).map { job(for: item, itemIndex: itemIndex, at: $0) }
  }

  /// Job `index` of `item` (in the order of ``jobs(for:itemIndex:)``), made on demand. It
  /// writes the item's formats: the PNG, and the SVG and PDF at the matrix's first scale only
  /// (vectors have no scale; an item without PNG has only that scale, see
  /// ``ManifestItem/writing(_:)``).
  package static func job(for item: ManifestItem, itemIndex: Int, at index: Int) -> RenderJob {
    var variant = item.matrix.variant(at: index / item.states.count)
    let state = item.states[index % item.states.count]
    var options = item.options
    variant.apply(to: &options, for: item)
    if let still = state.still { options.state = still }
    var files: [(format: OutputFormat, file: String)] = []
    for format in item.formats {
      if format == .png {
        files.append((format, FileName.png(state: state, variant: variant, matrix: item.matrix)))
      } else if state.kind.writesVectorsAndOverlay,
        options.scale == item.matrix[VariantAxis.scale].first
      {
        // SVG and PDF are a still's (an animation is APNG only), as its kind says.
        files.append(
          (format, FileName.vector(format, state: state, variant: variant, matrix: item.matrix)))
      }
    }
    let first =
      files.first ?? (.png, FileName.png(state: state, variant: variant, matrix: item.matrix))
    var job = RenderJob(
      itemIndex: itemIndex, itemName: item.name, file: first.file,
      moreFiles: Array(files.dropFirst()), fileFormat: first.format, state: state,
      variant: variant, component: item.component, options: options)
    if item.writesAccessibilityOverlay, state.kind.writesVectorsAndOverlay,
      item.formats.contains(.png)
    {
      job.overlayFile = FileName.accessibilityOverlay(
        state: state, variant: variant, matrix: item.matrix)
    }
    return job
  }
}
