import ExpandablePreview

/// A render as a ``GoldenCheck`` takes it: a still image or an animation with its frames, the
/// font files it drew with, and every file of the renderer's font set (to tell a machine's
/// fonts from the content's).
public struct RenderedSnapshot: Sendable {
  public enum Content: Sendable {
    case still(Image)
    /// Rendered with `keepingFrames`, so each frame can be compared.
    case animation(AnimationRenderResult)
  }

  public let content: Content
  /// The font files the render drew with (``RenderResult/fontFiles``).
  public let fontFiles: [String]
  /// Every font file of the renderer's set (``Renderer/pinnedFontFiles``).
  public let availableFontFiles: [String]

  /// An image from anywhere, with the font files it was drawn with when they are known.
  public init(image: Image, fontFiles: [String] = [], availableFontFiles: [String] = []) {
    content = .still(image)
    self.fontFiles = fontFiles
    self.availableFontFiles = availableFontFiles
  }

  public init(_ still: RenderResult, by renderer: Renderer) {
    content = .still(still.image)
    fontFiles = still.fontFiles
    availableFontFiles = renderer.pinnedFontFiles
  }

  public init(_ animation: AnimationRenderResult, by renderer: Renderer) {
    content = .animation(animation)
    fontFiles = animation.fontFiles
    availableFontFiles = renderer.pinnedFontFiles
  }
}
