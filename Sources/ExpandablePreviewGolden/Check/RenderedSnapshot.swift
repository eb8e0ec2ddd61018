import ExpandablePreview

/// A render as a ``GoldenCheck`` takes it: a still image or an animation with its frames, the
/// font files it drew with, and every file of the renderer's font set (to tell a machine's
/// fonts from the content's).
public struct RenderedSnapshot: Sendable {
  /// What was rendered: one image, or an animation.
  public enum Content: Sendable {
    /// A still image.
    case still(Image)
    /// Rendered with `keepingFrames`, so each frame can be compared.
    case animation(AnimationRenderResult)
  }

  /// The image or animation to compare.
  public let content: Content
  /// The font files the render drew with (`RenderResult/fontFiles`).
  public let fontFiles: [String]
  /// Every font file of the renderer's set (`Renderer/pinnedFontFiles`).
  public let availableFontFiles: [String]
  /// A still's layout, for its layout record; nil for an image whose layout is not known.
  public let layout: LayoutResult?

  /// An image from anywhere, with the font files it was drawn with and its layout when they
  /// are known.
  public init(
    image: Image, fontFiles: [String] = [], availableFontFiles: [String] = [],
    layout: LayoutResult? = nil
  ) {
    content = .still(image)
    self.fontFiles = fontFiles
    self.availableFontFiles = availableFontFiles
    self.layout = layout
  }

  /// A still render with its font files and layout, drawn by `renderer` (whose pinned font
  /// files tell a machine's fonts from the content's). The render must hold its image
  /// (`Renderer/render(_:options:)`, or `renderStill` with `.image`): a golden compares pixels.
  public init(_ still: RenderResult, by renderer: Renderer) {
    self.init(still, availableFontFiles: renderer.pinnedFontFiles)
  }

  /// A still render holding its image, by a renderer whose set holds `availableFontFiles`.
  package init(_ still: RenderResult, availableFontFiles: [String]) {
    guard let image = still.image else {
      preconditionFailure("a RenderedSnapshot needs the still's image: render it with .image")
    }
    content = .still(image)
    fontFiles = still.fontFiles
    self.availableFontFiles = availableFontFiles
    layout = still.layout
  }

  /// An animation rendered with `keepingFrames`, drawn by `renderer`.
  public init(_ animation: AnimationRenderResult, by renderer: Renderer) {
    self.init(animation, availableFontFiles: renderer.pinnedFontFiles)
  }

  /// An animation rendered with `keepingFrames`, by a renderer whose set holds
  /// `availableFontFiles`.
  package init(_ animation: AnimationRenderResult, availableFontFiles: [String]) {
    content = .animation(animation)
    fontFiles = animation.fontFiles
    self.availableFontFiles = availableFontFiles
    layout = nil
  }

  /// The layout record of this render; nil when its layout is not known.
  ///
  /// - Throws: when a font file cannot be read to hash it.
  public func layoutRecord() throws -> LayoutRecord? {
    switch content {
    case .animation(let animation): try LayoutRecord(animation)
    case .still: try layout.map { try LayoutRecord($0, fontFiles: fontFiles) }
    }
  }
}
