// A Swift caller of the engine imports this module alone: the record modes, diff options,
// reports and verdicts its API takes and returns (the golden library) and the component's
// values (the renderer) come with it.
@_exported import ExpandablePreview
@_exported import ExpandablePreviewGolden
