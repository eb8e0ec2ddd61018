import ExpandablePreview
import ExpandablePreviewCLI
import Foundation

/// Turns one edit into its answer on a render worker: the item read from the flags, every state
/// rendered by the job renderer, the images base64-encoded and the copies written.
enum PlaygroundRender {
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
    let states = preview.render(with: renderer).map { image in
      RenderedMessage.State(
        state: image.state, file: image.file, png: image.bytes.base64EncodedString(),
        layout: image.layoutJSON, error: image.error)
    }
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
