import ExpandablePreview
import ExpandablePreviewCLI
import Foundation

/// Turns one edit into its answer on a render worker: the item read from the flags, every state
/// rendered by the job renderer, the images base64-encoded and the copies written.
enum PlaygroundRender {
  /// The edge texts of the edit's settings, each rendered in every state.
  static func edges(of edit: EditMessage, with renderer: Renderer) -> String {
    do throws(PreviewProblem) {
      let cases = try EdgeTexts.cases(text: edit.text, flags: edit.flagPairs, with: renderer)
      return MessageJSON.text(
        EdgesMessage(
          seq: edit.seq,
          cases: cases.map { edge in
            EdgesMessage.Case(
              title: edge.title, text: edge.text, states: edge.images.map(state))
          }))
    } catch {
      return MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description))
    }
  }

  private static func state(_ image: PreviewImage) -> RenderedMessage.State {
    RenderedMessage.State(
      state: image.state, file: image.file, png: image.bytes.base64EncodedString(),
      layout: image.layoutJSON, error: image.error)
  }

  static func answer(
    to edit: EditMessage, with renderer: Renderer, arrived: ContinuousClock.Instant
  )
    -> String
  {
    let preview: ItemPreview
    do throws(PreviewProblem) {
      preview = try ItemPreview(text: edit.text, flags: edit.flagPairs)
    } catch {
      return MessageJSON.text(ProblemMessage(seq: edit.seq, message: error.description))
    }
    let states = preview.render(with: renderer).map(state)
    let elapsed = ContinuousClock.now - arrived
    return MessageJSON.text(
      RenderedMessage(
        seq: edit.seq, item: preview.itemJSON,
        swift: SwiftSnippet.code(text: edit.text, flags: edit.flagPairs),
        states: states,
        renderMilliseconds: Double(elapsed.components.attoseconds) / 1e15
          + Double(elapsed.components.seconds) * 1000))
  }
}
