import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

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

  /// The state's entry of an answer, its picture (and overlay) appended to `payload`: a
  /// still as `patch` says (its rows, the whole, or unchanged), else its PNG or APNG, or
  /// nothing when `fileUnchanged` (the page holds those bytes).
  private static func state(
    _ image: PreviewImage, patch: StillPatch? = nil, fileUnchanged: Bool = false,
    appearance: String? = nil, download: DownloadName? = nil, into payload: inout BinaryPayload
  ) -> RenderedMessage.State {
    var entry = RenderedMessage.State(
      state: image.state, file: image.file,
      download: download?.file(state: image.state, fileExtension: "png"),
      layout: image.layoutJSON, fonts: image.fontFaces,
      facts: image.facts, appearance: appearance, error: image.error)
    switch patch {
    case .unchanged?: entry.unchanged = true
    case .rows(let top, let runs)?:
      entry.pixels = payload.append(runs)
      entry.pixelsTop = top
    case .whole(let runs)?: entry.pixels = payload.append(runs)
    case nil:
      if fileUnchanged { entry.unchanged = true } else { entry.png = payload.append(image.bytes) }
    }
    entry.overlay = image.overlay.map { payload.append($0) }
    return entry
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
    let images = Locked<[(image: PreviewImage, appearance: String?)?]>(
      Array(repeating: nil, count: count))
    return jobs.enumerated().map { slot, job in
      { renderer in
        // A still as its pixels, no PNG encoded: the answer sends runs of what changed.
        let rendered = job.1.render(state: job.2, with: renderer, stillAsPixels: true)
        let all = images.withLock { images -> [(image: PreviewImage, appearance: String?)]? in
          images[slot] = (rendered, job.0)
          let done = images.compactMap { $0 }
          return done.count == count ? done : nil
        }
        guard let all else { return }
        let cards = all.map { "\($0.appearance ?? "")/\($0.image.state)" }
        let pictures = all.map { image, _ -> HeldPicture? in
          guard image.error == nil else { return nil }
          return image.pixels.map(HeldPicture.pixels) ?? .file(image.bytes)
        }
        let held = sent.held(seq: edit.seq, pictures: Array(zip(cards, pictures)))
        var payload = BinaryPayload()
        let names = Dictionary(
          shown.map {
            (
              $0.appearance ?? "",
              DownloadName(
                item: edit.item, text: edit.text, flags: edit.flagPairs,
                options: $0.preview.options)
            )
          }, uniquingKeysWith: { first, _ in first })
        let states = all.indices.map { index in
          let (image, appearance) = all[index]
          let card = cards[index]
          // A still's patch finds its own unchanged rows; comparing its whole pixels here too
          // cost 7 % of the server's CPU, on the one thread that sends the answer.
          return state(
            image, patch: image.pixels.map { StillPatch($0, holding: held[card]) },
            fileUnchanged: image.pixels == nil && pictures[index] != nil
              && held[card] == pictures[index],
            appearance: appearance, download: names[appearance ?? ""], into: &payload)
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
