import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// What the playground page sends: the text and the flags it set, as `render --text` takes them.
struct EditMessage: Decodable {
  var type: String
  /// Increases with every edit of one page; answers carry it back.
  var seq: Int
  var text: String
  /// `[flag, value]` pairs, in the order the page lists its controls.
  var flags: [[String]]
  /// `["light", "dark"]` to render every state in both appearances, side by side; nil or
  /// empty for the appearance the flags set.
  var appearances: [String]?
  /// The gallery item the page was opened from, which its downloads are named after; nil
  /// for the playground's own (``DownloadName``).
  var item: String?

  var flagPairs: [(name: String, value: String)] {
    flags.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
  }
}

/// What a page asks for: `edit`, `edges` (both an ``EditMessage``) or `open` (an
/// ``OpenMessage``).
struct MessageKind: Decodable {
  var type: String
}

/// "Open in the playground": a gallery item's file, whose settings the page loads.
struct OpenMessage: Decodable {
  var item: String
  var file: String
}

/// The answer to ``OpenMessage``: the text and flags that render that file, and the item's
/// settings that have no control.
struct OpenedMessage: Encodable {
  var type = "open"
  var item: String
  var file: String
  var settings: GalleryItemSettings
}

/// The first message on a socket: the controls, one per flag of the settings table, and what
/// the width control shows when no width is set (a device's width, else the library's).
struct HelloMessage: Encodable {
  struct DeviceWidth: Encodable {
    var name: String
    var width: Double
    /// What the page sends as the scale while none is typed (``Device/scale``).
    var scale: Int
  }

  var type = "hello"
  var controls: [SettingControl]
  /// The sections' titles, in the order the page shows them.
  var sections = PlaygroundSection.allCases.map(\.rawValue)
  var devices = Device.all.map { DeviceWidth(name: $0.name, width: $0.width, scale: $0.scale) }
  var defaultWidth = RenderOptions().width
  /// The scale without a device or a typed one.
  var defaultScale = RenderOptions().scale
}

/// The answer to an edit: the images of every state, their layout facts and both copies.
struct RenderedMessage: Encodable {
  struct State: Encodable {
    var state: String
    var file: String
    /// What the page saves this picture as (``DownloadName``); nil for an edge text's.
    var download: String?
    /// The PNG (or APNG): its bytes in the binary answer's payload; nil when `unchanged` or
    /// for a still, which comes as `pixels`.
    var png: BinaryPart?
    /// A still's pixels as runs (``PixelRuns``), drawn by the page without decoding a PNG;
    /// nil when `unchanged` or for an animation.
    var pixels: BinaryPart?
    /// When set, `pixels` are the rows from this one down of the picture the page holds for
    /// this card (the same size; ``StillPatch``); the rows above and below stay.
    var pixelsTop: Int?
    /// True when the picture is the very bytes this page was last sent for this card (it
    /// keeps showing them; ``SentStills``).
    var unchanged: Bool?
    /// The state's `layout.json` entry, as JSON text.
    var layout: String
    /// The faces the renderer drew with, fallbacks included.
    var fonts: [String]
    /// The facts shown under the image, in words (``LayoutFacts``).
    var facts: [LayoutFact] = []
    /// The accessibility overlay's PNG in the payload, when asked for (stills only).
    var overlay: BinaryPart?
    /// The appearance this state was drawn in when the page asked for both side by side.
    var appearance: String?
    var error: String?
  }

  var type = "render"
  var seq: Int
  var item: String
  var swift: String
  var states: [State]
  /// Milliseconds from the edit's arrival to the images being encoded.
  var renderMilliseconds: Double
}

/// The answer to an edit that cannot be rendered: the reason, naming the setting.
struct ProblemMessage: Encodable {
  var type = "problem"
  var seq: Int
  var message: String
}

enum MessageJSON {
  static func text(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// The answer to "Edge texts": each case's title, text and rendered states.
struct EdgesMessage: Encodable {
  struct Case: Encodable {
    var title: String
    var text: String
    var states: [RenderedMessage.State]
  }

  var type = "edges"
  var seq: Int
  var cases: [Case]
}
