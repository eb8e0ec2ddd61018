import ExpandablePreview
import Foundation

extension GoldenKind {
  /// An animation, kept as an animated PNG and compared as a viewer shows it: the frame count
  /// and loop count first (a small golden announcing thousands of frames differs before any
  /// frame is decoded), then each frame's delay and pixels. A golden that is a plain PNG
  /// differs and says so.
  public static let animation = GoldenKind(
    name: "animation", pathExtension: "png", namesFrames: true,
    diffing: GoldenDiffing(
      toData: { render in
        // An animation's render always holds its APNG (``GoldenKind/render(animation:)``).
        guard let encoded = render.encoded else { throw GoldenRenderError() }
        return encoded
      },
      maxBytes: {
        GoldenFile.maxGoldenBytes(
          width: $0.first.width, height: $0.first.height, frames: $0.frames.count)
      },
      compare: compareAnimation))

  /// `animation` (rendered with `keepingFrames`) as an animation's golden compares it.
  ///
  /// - Throws: ``GoldenRenderError`` when the animation has no frame images.
  static func render(animation: AnimationRenderResult) throws(GoldenRenderError) -> GoldenRender {
    guard animation.images.count == animation.frames.count, !animation.images.isEmpty else {
      throw GoldenRenderError()
    }
    let plays = (try? APNGAnimation.announcement(in: animation.apng))??.plays ?? 0
    return GoldenRender(
      kind: .animation, frames: animation.images,
      timing: .init(delays: animation.frames.map(\.delay), plays: plays), encoded: animation.apng)
  }

  /// The animated PNG golden `bytes` compared with `render`.
  private static func compareAnimation(
    _ bytes: Data, with render: GoldenRender, options: DiffOptions
  ) -> GoldenDiffing.Outcome {
    let count = render.frames.count
    let delays = render.timing?.delays ?? []
    let announced: (frames: Int, plays: Int)?
    do {
      announced = try APNGAnimation.announcement(in: bytes)
    } catch {
      return .unreadable("not a valid animated PNG (\(error))")
    }
    guard let announced else {
      do {
        _ = try Image(pngData: bytes)
      } catch {
        return .unreadable("not a valid PNG (\(error))")
      }
      return .differs(
        .format(
          "the golden is a plain PNG, not an animated PNG (it has no acTL chunk); an "
            + "animation's golden must be one"))
    }
    guard announced.frames == count else {
      return .differs(.format("the golden has \(announced.frames) frames, the animation \(count)"))
    }
    let plays = render.timing?.plays ?? 0
    guard announced.plays == plays else {
      return .differs(
        .format(
          "the golden plays \(words(plays: announced.plays)), the animation \(words(plays: plays))")
      )
    }
    let golden: APNGAnimation
    do {
      golden = try APNGAnimation(data: bytes)
    } catch {
      return .unreadable("not a valid animated PNG (\(error))")
    }
    return GoldenDiffing.compareFrames(
      golden.frames.map(\.image), with: render, options: options,
      before: { index in
        let (was, now) = (golden.frames[index].delay, delays[index])
        guard abs(was - now) >= 1e-6 else { return nil }
        return .format(
          "frame \(index) of \(count) is shown for \(was) s in the golden, \(now) s in the "
            + "animation")
      },
      inFrame: { .frame($0, of: count, $1) })
  }

  /// A loop count in words: APNG's 0 means forever.
  private static func words(plays count: Int) -> String {
    count == 0 ? "forever" : count == 1 ? "once" : "\(count) times"
  }
}

extension GoldenStore {
  /// Compares an animation (rendered with `keepingFrames`) with the animated PNG golden at
  /// `relativePath`, frame by frame as a viewer shows them (``GoldenKind/animation``): the
  /// frame count, each frame's delay, then each frame's pixels with ``ImageDiff``. The
  /// comparison is about the first frame that does not match (``GoldenComparison/frame``),
  /// whose diff it carries for the three-panel artifact. Records the APNG as
  /// ``check(_:at:toleratingPixels:)-(Image,_,_)`` records a still.
  ///
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder, the animation has no
  ///   frame images, or the golden cannot be written.
  public func check(
    _ animation: AnimationRenderResult, at relativePath: String, toleratingPixels: Bool = false
  ) throws -> GoldenComparison {
    try check(
      RenderedSnapshot(animation, availableFontFiles: []).comparable(at: relativePath),
      at: relativePath, toleratingPixels: toleratingPixels)
  }
}

extension RenderedSnapshot {
  /// An animation rendered with `keepingFrames`, drawn by `renderer`.
  public init(_ animation: AnimationRenderResult, by renderer: Renderer) {
    self.init(animation, availableFontFiles: renderer.pinnedFontFiles)
  }

  /// An animation rendered with `keepingFrames`, by a renderer whose set holds
  /// `availableFontFiles`. One rendered without its frames fails its check with a
  /// ``GoldenStoreError`` that says so.
  package init(_ animation: AnimationRenderResult, availableFontFiles: [String]) {
    self.init(
      kind: .animation, render: try? GoldenKind.render(animation: animation),
      fontFiles: animation.fontFiles,
      availableFontFiles: availableFontFiles, layout: nil,
      layoutRecord: { try LayoutRecord(animation) })
  }
}
