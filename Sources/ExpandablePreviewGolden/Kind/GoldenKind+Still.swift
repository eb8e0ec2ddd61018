import ExpandablePreview
import Foundation

extension GoldenKind {
  /// A still image, kept as a PNG and compared pixel by pixel with ``ImageDiff``.
  public static let still = GoldenKind(
    name: "still", pathExtension: "png", namesFrames: false,
    diffing: GoldenDiffing(
      toData: { try $0.first.pngData() },
      maxBytes: { GoldenFile.maxGoldenBytes(width: $0.first.width, height: $0.first.height) },
      compare: { bytes, render, options in
        let image: Image
        do {
          image = try Image(pngData: bytes)
        } catch {
          return .unreadable("not a valid PNG (\(error))")
        }
        return GoldenDiffing.compareFrames([image], with: render, options: options)
      }))

  /// `image` as a still's golden compares it.
  static func render(still image: Image) -> GoldenRender {
    GoldenRender(kind: .still, frames: [image], timing: nil, encoded: nil)
  }
}

extension GoldenStore {
  /// Compares `image` with the golden at `relativePath`, decoding the golden once, and writes
  /// the golden when the record mode asks for it. A golden whose pixels are identical to
  /// `image` is never rewritten, so its bytes and modification time stay. A golden that cannot
  /// be read (not a regular file, not a PNG) is ``GoldenVerdict/unreadable(_:)``; modes
  /// `failed` and `all` replace it.
  ///
  /// - Parameters:
  ///   - image: the new render.
  ///   - relativePath: the golden's path relative to the folder.
  ///   - toleratingPixels: the image's layout equals the golden's record under
  ///     `--compare layout`: a pixel difference passes (``GoldenVerdict/sameLayout(_:_:)``)
  ///     and is recorded only as a match is.
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder or the golden cannot be
  ///   written.
  public func check(_ image: Image, at relativePath: String, toleratingPixels: Bool = false)
    throws -> GoldenComparison
  {
    try check(
      GoldenKind.render(still: image), at: relativePath, toleratingPixels: toleratingPixels)
  }
}

extension RenderedSnapshot {
  /// An image from anywhere, with the font files it was drawn with and its layout when they
  /// are known.
  public init(
    image: Image, fontFiles: [String] = [], availableFontFiles: [String] = [],
    layout: LayoutResult? = nil
  ) {
    self.init(
      kind: .still, render: GoldenKind.render(still: image), fontFiles: fontFiles,
      availableFontFiles: availableFontFiles, layout: layout,
      layoutRecord: { try layout.map { try LayoutRecord($0, fontFiles: fontFiles) } })
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
    self.init(
      image: image, fontFiles: still.fontFiles, availableFontFiles: availableFontFiles,
      layout: still.layout)
  }
}
