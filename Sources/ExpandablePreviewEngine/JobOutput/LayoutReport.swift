import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `OUT/<name>/layout.json`: the layout decisions of every file rendered for one item.
package struct LayoutReport: Encodable {
  /// One rendered file: its name, state and variant, and its kind's part of the file.
  /// Optional rectangles encode as `null`, not as a missing key.
  package struct Entry: Encodable {
    var file: String
    /// The SVG and PDF files of the same render, when `render` writes them.
    var moreFiles: [String] = []
    var state: OutputState
    var variant: Variant
    var layout: FileLayout

    /// What `layout.json` says about `job`'s files, laid out as `layout` says.
    package init(_ job: RenderJob, layout: FileLayout) {
      self.init(
        file: job.file, moreFiles: job.moreFiles.map(\.file) + (job.overlayFile.map { [$0] } ?? []),
        state: job.state, variant: job.variant, layout: layout)
    }

    init(
      file: String, moreFiles: [String] = [], state: OutputState, variant: Variant,
      layout: FileLayout
    ) {
      self.file = file
      self.moreFiles = moreFiles
      self.state = state
      self.variant = variant
      self.layout = layout
    }

    enum CodingKeys: String, CodingKey {
      case file, state, variant, moreFiles
    }

    /// The entry's own keys, then its kind's (``FileLayoutPart/encodeEntry(to:state:)``)
    /// beside them in the same object, as every file of the schema writes them.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(state, forKey: .state)
      try container.encode(variant, forKey: .variant)
      if !moreFiles.isEmpty { try container.encode(moreFiles, forKey: .moreFiles) }
      try layout.part.encodeEntry(to: encoder, state: state)
    }
  }

  /// `LayoutSchema/version`.
  var schemaVersion = LayoutSchema.version
  var name: String
  /// `pinned` (the standard set and the manifest's own files) or `system`.
  var fonts: String
  /// True with system fonts: the same manifest gives other images on another machine.
  var machineDependent: Bool
  var renders: [Entry]

  init(name: String, fontSet: FontSet, renders: [Entry]) {
    self.name = name
    fonts = fontSet.isMachineDependent ? "system" : "pinned"
    machineDependent = fontSet.isMachineDependent
    self.renders = renders
  }

  /// Pretty-printed JSON with sorted keys, so equal layouts give equal bytes.
  func jsonData() throws -> Data {
    try StableJSON.data(self)
  }

  /// The bytes of item `name`'s `layout.json` listing `entries`: what `render` writes, made
  /// the way it makes them (``LayoutReportFragments``), so `render --text --print-layout`
  /// prints the file a one-item manifest gets.
  package static func fileData(name: String, fontSet: FontSet, entries: [Entry]) throws -> Data {
    try LayoutReportFragments.assemble(
      name: name, fontSet: fontSet, fragments: entries.map(LayoutReportFragments.fragment(of:))
    ).data
  }
}
