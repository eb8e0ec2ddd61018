import ExpandablePreview
import ExpandablePreviewGolden

/// One file to render: an item in one variant and one state.
struct RenderJob: Sendable {
  /// The item's position in the plan's item list.
  var itemIndex: Int
  var itemName: String
  /// The first file it writes (the PNG, when PNG is among the formats).
  var file: String
  /// The other files it writes: SVG and PDF, which only the variant's first scale writes.
  var moreFiles: [(format: OutputFormat, file: String)] = []
  /// Whether `file` is a PNG (else it is the first of the vector files).
  var fileFormat: OutputFormat = .png
  var state: ExpansionState
  var variant: Variant
  var component: ExpandableText
  var options: RenderOptions

  /// The output path relative to the output folder.
  var relativePath: String { "\(itemName)/\(file)" }

  /// Every job of `item`: variants in matrix order, each in every selected state, writing
  /// `formats` (the item's when nil). A job with no file to write (vectors only, a second
  /// scale) is left out.
  static func jobs(for item: ManifestItem, itemIndex: Int, formats: [OutputFormat]? = nil)
    -> [RenderJob]
  {
    let formats = formats ?? item.formats
    return item.matrix.variants.flatMap { variant in
      item.states.compactMap { state -> RenderJob? in
        var options = item.options
        options.appearance = variant.appearance
        options.dynamicType = variant.dynamicType
        options.width = variant.width
        options.scale = variant.scale
        options.state = state
        var files: [(format: OutputFormat, file: String)] = []
        for format in formats {
          if format == .png {
            files.append((format, FileName.png(state: state, variant: variant, matrix: item.matrix)))
          } else if variant.scale == item.matrix.scale.first {
            files.append(
              (format, FileName.vector(format, state: state, variant: variant, matrix: item.matrix)))
          }
        }
        guard let first = files.first else { return nil }
        return RenderJob(
          itemIndex: itemIndex, itemName: item.name, file: first.file,
          moreFiles: Array(files.dropFirst()), fileFormat: first.format, state: state,
          variant: variant, component: item.component, options: options)
      }
    }
  }
}
