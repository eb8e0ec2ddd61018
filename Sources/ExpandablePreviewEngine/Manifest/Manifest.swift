import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// A decoded manifest: every item resolved against `defaults` and `variants`. Read one with
/// ``load(from:)``; plan its jobs with ``plan(only:maxRenders:)``.
public struct Manifest: Sendable {
  package var items: [ManifestItem]
  /// The fonts renders use: the pinned standard set plus the top-level `fonts` (resolved to
  /// absolute URLs), or the machine's fonts with `"fonts": "system"`.
  package var fontSet = FontSet.standard
  /// The path it was read from (``load(from:)``), for the accept command lines of a report.
  var source: String? = nil
  /// Each `textFile` read, by absolute path, with the stamp it had when it was opened.
  package var textFiles: [String: FileStamp] = [:]
}

/// One item, ready to render: the component, the render options before a variant and state are
/// applied, the variant values and the states.
package struct ManifestItem: Sendable {
  package var name: String
  package var text: String
  /// The component without its text, and the options: one shared copy for the consecutive
  /// items that set the same (most items of a large manifest), instead of ~600 bytes each.
  private(set) var settings: Settings
  var matrix: VariantMatrix
  package var states: [OutputState]
  /// The formats `render` writes (PNG unless the manifest says otherwise).
  private(set) var formats: [OutputFormat] = [.png]
  /// Whether each still's accessibility overlay is written beside its PNG.
  var writesAccessibilityOverlay = false
  /// Whether `width` (a setting or an axis) or `padding` is given: then a device axis keeps it.
  var hasExplicitWidth = false
  var hasExplicitPadding = false
  /// The scales the manifest asks for; `matrix` keeps only the first when no PNG is written.
  private var declaredScales: [Int] = []

  final class Settings: Sendable {
    let component: ExpandableText
    let options: RenderOptions

    init(component: ExpandableText, options: RenderOptions) {
      var component = component
      component.text = ""
      self.component = component
      self.options = options
    }
  }

  init(
    name: String, component: ExpandableText, options: RenderOptions, matrix: VariantMatrix,
    states: [OutputState], formats: [OutputFormat] = [.png]
  ) {
    self.name = name
    text = component.text
    settings = Settings(component: component, options: options)
    self.matrix = matrix
    self.states = states
    declaredScales = matrix[VariantAxis.scale]
    self = writing(formats)
  }

  package var component: ExpandableText {
    var component = settings.component
    component.text = text
    return component
  }

  package var options: RenderOptions { settings.options }

  /// This item writing `formats`. Without PNG only the first scale of the matrix is kept: SVG
  /// and PDF do not depend on the scale, so the other scales would write the same files again.
  func writing(_ formats: [OutputFormat]) -> ManifestItem {
    var item = self
    item.formats = formats
    item.matrix[VariantAxis.scale] =
      formats.contains(.png) ? declaredScales : Array(declaredScales.prefix(1))
    return item
  }

  /// The files this item renders: every variant in every state (`Int.max` past that).
  package var renderCount: Int { saturatingProduct(matrix.count, states.count) }

  /// Uses `other`'s copy of the settings when they are the same.
  mutating func shareSettings(with other: ManifestItem) {
    if other.settings.component == settings.component && other.settings.options == options {
      settings = other.settings
    }
  }
}
