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
    let done = Locked<[Rendered?]>(Array(repeating: nil, count: count))
    return jobs.enumerated().map { slot, job in
      { renderer in
        let spans = PlaygroundSpans.shared
        let started = spans == nil ? 0 : PlaygroundSpans.now
        // A still as its pixels, no PNG encoded: the answer sends runs of what changed.
        let image = job.1.render(state: job.2, with: renderer, stillAsPixels: true)
        let renderedAt = spans == nil ? 0 : PlaygroundSpans.now
        // Each part encodes its own still's patch, against what the page holds now, while the
        // other parts render: the last part no longer encodes every card one after another.
        let card = "\(job.0 ?? "")/\(image.state)"
        let holding = sent.holding(card)
        var rendered = Rendered(
          image: image, appearance: job.0, card: card, version: holding.version,
          patch: image.pixels.map { StillPatch($0, holding: holding.picture) })
        if spans != nil {
          rendered.span = PlaygroundSpans.Part(
            card: card, render: renderedAt - started, patch: PlaygroundSpans.now - renderedAt
          )
        }
        let all = done.withLock { done -> [Rendered]? in
          done[slot] = rendered
          let finished = done.compactMap { $0 }
          return finished.count == count ? finished : nil
        }
        guard let all else { return }
        let answerStarted = spans == nil ? 0 : PlaygroundSpans.now
        let cards = all.map(\.card)
        let pictures = all.map { rendered -> HeldPicture? in
          guard rendered.image.error == nil else { return nil }
          return rendered.image.pixels.map(HeldPicture.pixels) ?? .file(rendered.image.bytes)
        }
        let (version, held) = sent.held(seq: edit.seq, pictures: Array(zip(cards, pictures)))
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
          let (image, appearance) = (all[index].image, all[index].appearance)
          let card = cards[index]
          // A patch made against another record than the one this answer builds on (a problem
          // answered meanwhile cleared it, or this answer is stale) is made again against it.
          let patch =
            all[index].version == version
            ? all[index].patch : image.pixels.map { StillPatch($0, holding: held[card]) }
          return state(
            image, patch: patch,
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
        let message = BinaryAnswer.message(header: answer, payload: payload)
        spans?.record(
          seq: edit.seq, parts: all.compactMap(\.span), answer: PlaygroundSpans.now - answerStarted,
          wall: (ContinuousClock.now - arrived) / .milliseconds(1))
        deliver(message)
      }
    }
  }
}

/// One part's state as the last part assembles the answer: its image, its appearance, and its
/// still's patch with the version of the record it was made against (``SentStills``).
private struct Rendered: Sendable {
  var image: PreviewImage
  var appearance: String?
  /// "appearance/state", as ``SentStills`` names it.
  var card: String
  var version: Int
  var patch: StillPatch?
  /// Its thread CPU times, with ``PlaygroundSpans`` on.
  var span: PlaygroundSpans.Part?
}
