// A snapshot test imports this module alone: the component, the renderer's options, record
// modes and diff options come with it.
@_exported import ExpandablePreview
@_exported import ExpandablePreviewGolden
