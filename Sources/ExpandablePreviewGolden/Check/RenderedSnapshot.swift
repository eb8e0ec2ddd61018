import ExpandablePreview

/// A render as a ``GoldenCheck`` takes it: a still image or an animation with its frames (its
/// ``kind`` says which), the font files it drew with, and every file of the renderer's font set
/// (to tell a machine's fonts from the content's). Each kind's file adds its initializers
/// (`GoldenKind+Still.swift`, `GoldenKind+Animation.swift`).
public struct RenderedSnapshot: Sendable {
  /// What kind of golden the render is compared with.
  public let kind: GoldenKind
  /// The render as its kind compares it; nil for an animation rendered without its frames.
  let render: GoldenRender?
  /// The font files the render drew with (`RenderResult/fontFiles`).
  public let fontFiles: [String]
  /// Every font file of the renderer's set (`Renderer/pinnedFontFiles`).
  public let availableFontFiles: [String]
  /// A still's layout, for its layout record; nil for an image whose layout is not known.
  public let layout: LayoutResult?
  /// The render's layout record, as its kind makes it.
  private let makeLayoutRecord: @Sendable () throws -> LayoutRecord?

  /// A render of `kind` (`render` nil when it cannot be compared: an animation without its
  /// frames), with its kind's way to make its layout record.
  init(
    kind: GoldenKind, render: GoldenRender?, fontFiles: [String], availableFontFiles: [String],
    layout: LayoutResult?, layoutRecord: @escaping @Sendable () throws -> LayoutRecord?
  ) {
    self.kind = kind
    self.render = render
    self.fontFiles = fontFiles
    self.availableFontFiles = availableFontFiles
    self.layout = layout
    makeLayoutRecord = layoutRecord
  }

  /// The pixels of every frame the check holds in memory (0 for a render it cannot compare).
  package var pixelCount: Int { render?.pixelCount ?? 0 }

  /// The frames the check compares (one for a still); none for a render it cannot compare.
  package var frames: [Image] { render?.frames ?? [] }

  /// A hash of the render's frames, which tells two renders apart within one process.
  package var pixelsHash: Int { render?.frames.hashValue ?? 0 }

  /// The render as its kind compares it.
  ///
  /// - Throws: ``GoldenStoreError`` naming the golden when the render cannot be compared (an
  ///   animation rendered without its frame images).
  func comparable(at path: String) throws -> GoldenRender {
    guard let render else {
      throw GoldenStoreError(
        path: path, message: "the \(kind.name) was rendered without its frame images")
    }
    return render
  }

  /// The layout record of this render; nil when its layout is not known.
  ///
  /// - Throws: when a font file cannot be read to hash it.
  public func layoutRecord() throws -> LayoutRecord? { try makeLayoutRecord() }
}
