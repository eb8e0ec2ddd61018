import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Synchronization

/// Turns one edit into its answer on the render workers: the item read from the flags, each
/// state rendered by the job renderer as a part of its own (the states of one edit render at
/// once where workers are free), the images sent as bytes in one binary answer
/// (``BinaryAnswer``) and the copies written.
enum PlaygroundRender {
  /// The edge texts of the edit's settings, each rendered in every state; nil when cancelled
  /// (the page went away or asked for newer settings' edge texts: nothing to answer).
  static func edges(
    of edit: EditMessage, with renderer: Renderer, isCancelled: () -> Bool = { false }
  ) -> SocketMessage? {
    do throws(PreviewProblem) {
      if let problem = PlaygroundLimits.animationProblem(
        try ItemPreview(text: edit.text, flags: edit.flagPairs))
      {
        return .text(MessageJSON.text(ProblemMessage(seq: edit.seq, message: problem)))
      }
      let cases = try EdgeTexts.cases(
        text: edit.text, flags: edit.flagPairs, with: renderer, isCancelled: isCancelled)
      var payload = BinaryPayload()
      let answer = EdgesMessage(
        seq: edit.seq,
        cases: cases.map { edge in
          EdgesMessage.Case(
            title: edge.title, text: edge.text,
            states: edge.images.map { state($0, into: &payload) })
        })
      return BinaryAnswer.message(header: answer, payload: payload)
    } catch {
      if isCancelled() { return nil }
      return .text(MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description)))
    }
  }

  /// The state's entry of an answer, its image (and overlay) appended to `payload`; an
  /// `unchanged` image is named so instead (the page holds its bytes).
  /// `runs`: a still's pixels as ``PixelRuns``, sent instead of its (empty) PNG.
  private static func state(
    _ image: PreviewImage, runs: Data? = nil, appearance: String? = nil, unchanged: Bool = false,
    into payload: inout BinaryPayload
  ) -> RenderedMessage.State {
    let (png, pixels): (BinaryPart?, BinaryPart?) =
      unchanged
      ? (nil, nil) : runs.map { (nil, payload.append($0)) } ?? (payload.append(image.bytes), nil)
    return RenderedMessage.State(
      state: image.state, file: image.file, png: png, pixels: pixels,
      unchanged: unchanged ? true : nil,
      layout: image.layoutJSON, fonts: image.fontFaces, facts: image.facts,
      overlay: image.overlay.map { payload.append($0) }, appearance: appearance,
      error: image.error)
  }

  /// The parts that answer `edit`, one per state (per appearance, when the page asked for
  /// several side by side), for the ``RenderQueue``; the part that finishes last sends the
  /// answer to `deliver`, without the pictures the page already holds (`sent`). An edit whose
  /// flags cannot be read is answered at once with its problem.
  static func parts(
    of edit: EditMessage, arrived: ContinuousClock.Instant, sent: SentStills,
    deliver: @escaping @Sendable (SocketMessage) -> Void
  ) -> [@Sendable (Renderer) -> Void] {
    let preview: ItemPreview
    let shown: [(appearance: String?, preview: ItemPreview)]
    do throws(PreviewProblem) {
      preview = try ItemPreview(text: edit.text, flags: edit.flagPairs)
      shown = try edit.previews(of: preview)
    } catch {
      sent.refused(seq: edit.seq)
      deliver(.text(MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description))))
      return []
    }
    if let problem = PlaygroundLimits.animationProblem(preview) {
      sent.refused(seq: edit.seq)
      deliver(.text(MessageJSON.text(ProblemMessage(seq: edit.seq, message: problem))))
      return []
    }
    // State by state, each in every appearance: light and dark of one state side by side (an
    // appearance changes no state).
    let jobs = (0..<preview.stateCount).flatMap { index in
      shown.map { ($0.appearance, $0.preview, index) }
    }
    let count = jobs.count
    let images = Mutex<[(image: PreviewImage, runs: Data?, appearance: String?)?]>(
      Array(repeating: nil, count: count))
    return jobs.enumerated().map { slot, job in
      { renderer in
        // A still as its pixels' runs, no PNG encoded (PixelRuns); made here, where the
        // parts run at once.
        var rendered = job.1.render(state: job.2, with: renderer, stillAsPixels: true)
        let runs = rendered.pixels.map(PixelRuns.encode)
        rendered.pixels = nil
        let all = images.withLock {
          images -> [(image: PreviewImage, runs: Data?, appearance: String?)]? in
          images[slot] = (rendered, runs, job.0)
          let done = images.compactMap { $0 }
          return done.count == count ? done : nil
        }
        guard let all else { return }
        let card = { (image: PreviewImage, appearance: String?) in
          "\(appearance ?? "")/\(image.state)"
        }
        let unchanged = sent.unchanged(
          seq: edit.seq,
          pictures: all.map {
            (
              card($0.image, $0.appearance),
              $0.image.error == nil ? $0.runs ?? $0.image.bytes : nil
            )
          })
        var payload = BinaryPayload()
        let states = all.map {
          state(
            $0.image, runs: $0.runs, appearance: $0.appearance,
            unchanged: unchanged.contains(card($0.image, $0.appearance)), into: &payload)
        }
        let elapsed = ContinuousClock.now - arrived
        let answer = RenderedMessage(
          seq: edit.seq, item: preview.itemJSON,
          swift: SwiftSnippet.code(text: edit.text, flags: edit.flagPairs),
          states: states,
          renderMilliseconds: Double(elapsed.components.attoseconds) / 1e15
            + Double(elapsed.components.seconds) * 1000)
        deliver(BinaryAnswer.message(header: answer, payload: payload))
      }
    }
  }
}
