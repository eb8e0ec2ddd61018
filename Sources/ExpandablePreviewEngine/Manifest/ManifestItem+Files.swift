import ExpandablePreview

/// What a face that shows an item's files asks of its variants (the workbench's gallery, its
/// "open in the playground"), so the variant axes stay the engine's own.
extension ManifestItem {
  /// Whether `other` renders the same files with the same pixels: the same name, component,
  /// options, variants and states (the text after `textFile` is in the component).
  package func rendersTheSame(as other: ManifestItem) -> Bool {
    name == other.name && component == other.component && options == other.options
      && matrix == other.matrix && states == other.states
  }

  /// Where `job`'s file sits in a grid of the item's files: its appearance, a column (nil when
  /// the item has one appearance), and the rest of its variant as its file name writes it, one
  /// grid each ("" when none; the scale as `@Nx` when the item has several).
  package func gridPlace(of job: RenderJob) -> (appearance: String?, variant: String) {
    // The appearance is the column; the other axes with parts name the grid.
    let otherAxes = VariantAxis.all.filter { $0.key != "appearance" && $0.isVaried(matrix) }
    var parts = otherAxes.compactMap { $0.part(of: job.variant) }
    if matrix[VariantAxis.scale].count > 1 { parts.append("@\(job.variant[VariantAxis.scale])x") }
    let appearance =
      matrix[VariantAxis.appearance].count > 1
      ? job.variant[VariantAxis.appearance].rawValue : nil
    return (appearance, parts.joined(separator: " "))
  }
}

extension RenderJob {
  /// The job's variant as `render --text` flags: each axis that has a flag, its value as that
  /// flag's text (`--dynamic-type large`), in the axes' order.
  package var variantFlags: [(name: String, text: String)] {
    VariantAxis.all.compactMap { axis in
      axis.flag.flatMap { flag in
        axis.flagText(variant).map { (flag.name, $0) }
      }
    }
  }
}
