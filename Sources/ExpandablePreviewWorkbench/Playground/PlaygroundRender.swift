import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Synchronization

/// Turns one edit into its answer on the render workers: the item read from the flags, each
/// state rendered by the job renderer as a part of its own (the states of one edit render at
/// once where workers are free), the images base64-encoded and the copies written.
enum PlaygroundRender {
  /// The edge texts of the edit's settings, each rendered in every state; nil when cancelled
  /// (the page went away or asked for newer settings' edge texts: nothing to answer).
  static func edges(
    of edit: EditMessage, with renderer: Renderer, isCancelled: () -> Bool = { false }
  ) -> String? {
    do throws(PreviewProblem) {
      if let problem = PlaygroundLimits.animationProblem(
        try ItemPreview(text: edit.text, flags: edit.flagPairs))
      {
        return MessageJSON.text(ProblemMessage(seq: edit.seq, message: problem))
      }
      let cases = try EdgeTexts.cases(
        text: edit.text, flags: edit.flagPairs, with: renderer, isCancelled: isCancelled)
      return MessageJSON.text(
        EdgesMessage(
          seq: edit.seq,
          cases: cases.map { edge in
            EdgesMessage.Case(
              title: edge.title, text: edge.text, states: edge.images.map { state($0) })
          }))
    } catch {
      if isCancelled() { return nil }
      return MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description))
    }
  }

  private static func state(_ image: PreviewImage, appearance: String? = nil)
    -> RenderedMessage.State
  {
    RenderedMessage.State(
      state: image.state, file: image.file, png: image.bytes.base64EncodedString(),
      layout: image.layoutJSON, fonts: image.fontFaces,
      overlay: image.overlay?.base64EncodedString(), appearance: appearance, error: image.error)
  }

  /// The parts that answer `edit`, one per state (per appearance, when the page asked for
  /// several side by side), for the ``RenderQueue``; the part that finishes last sends the
  /// answer to `deliver`. An edit whose flags cannot be read is answered at once with its
  /// problem.
  static func parts(
    of edit: EditMessage, arrived: ContinuousClock.Instant,
    deliver: @escaping @Sendable (String) -> Void
  ) -> [@Sendable (Renderer) -> Void] {
    let preview: ItemPreview
    let shown: [(appearance: String?, preview: ItemPreview)]
    do throws(PreviewProblem) {
      preview = try ItemPreview(text: edit.text, flags: edit.flagPairs)
      shown = try edit.previews(of: preview)
    } catch {
      deliver(MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description)))
      return []
    }
    if let problem = PlaygroundLimits.animationProblem(preview) {
      deliver(MessageJSON.text(ProblemMessage(seq: edit.seq, message: problem)))
      return []
    }
    // State by state, each in every appearance: light and dark of one state side by side (an
    // appearance changes no state).
    let jobs = (0..<preview.stateCount).flatMap { index in
      shown.map { ($0.appearance, $0.preview, index) }
    }
    let count = jobs.count
    let states = Mutex<[RenderedMessage.State?]>(Array(repeating: nil, count: count))
    return jobs.enumerated().map { slot, job in
      { renderer in
        let rendered = state(job.1.render(state: job.2, with: renderer), appearance: job.0)
        let all = states.withLock { states -> [RenderedMessage.State]? in
          states[slot] = rendered
          let done = states.compactMap { $0 }
          return done.count == count ? done : nil
        }
        guard let all else { return }
        let elapsed = ContinuousClock.now - arrived
        deliver(
          MessageJSON.text(
            RenderedMessage(
              seq: edit.seq, item: preview.itemJSON,
              swift: SwiftSnippet.code(text: edit.text, flags: edit.flagPairs),
              states: all,
              renderMilliseconds: Double(elapsed.components.attoseconds) / 1e15
                + Double(elapsed.components.seconds) * 1000)))
      }
    }
  }
}
