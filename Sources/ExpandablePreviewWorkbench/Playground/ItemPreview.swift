import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// One component edited in the workbench's playground: a text and flag values, read exactly as
/// `render --text` reads its flags, made into the item a manifest would make of them (and
/// written as one, the page's "Copy as manifest item"), and rendered by the job renderer. The
/// page, `render` and the copy go through the same code, so they cannot disagree.
struct ItemPreview: Sendable {
  /// The name of the playground's item.
  static let itemName = "playground"
  /// The manifest item, one member per line: paste it into a manifest's `items`.
  let itemJSON: String
  let item: ManifestItem

  /// The item for `text` with `flags` (flag name and its text, as on the command line), and
  /// the manifest's `formats` (`svg`, `pdf`) for a download; the copy never holds them.
  ///
  /// - Throws: the problem in the words `render --text` uses, naming the flag.
  init(
    text: String, flags: [(name: String, value: String)], formats: [String] = []
  ) throws(PreviewProblem) {
    var values: [(flag: Setting.Flag, text: String)] = []
    for (name, value) in flags {
      guard let flag = ComponentSettings.flags[name] else {
        throw PreviewProblem("unknown setting '\(name)'")
      }
      values.append((flag, value))
    }
    // The flags are read once, as `render --text` reads them; the item is built from them
    // as the manifest builds its items, with its rules in the flags' names.
    var settings: ComponentSettings
    do throws(EngineError) { settings = try ComponentSettings(flags: values) } catch {
      throw PreviewProblem(error.description)
    }
    itemJSON = JSONWriter.text(Self.itemNode(text: text, flags: values), pretty: true)
    if !formats.isEmpty {
      settings.formats = try formats.map { name throws(PreviewProblem) in
        guard let format = OutputFormat(rawValue: name) else {
          throw PreviewProblem("unknown format '\(name)' (png, svg or pdf)")
        }
        return format
      }
    }
    do throws(ItemRule) {
      item = try ManifestItem(name: Self.itemName, text: text, settings: settings)
    } catch {
      throw PreviewProblem("\(SettingNames.flags.quoted(error.key)): \(error.message(.flags))")
    }
  }

  /// One control per flag of the settings table, for the playground's page.
  static var controls: [SettingControl] { ComponentSettings.controls }

  /// The component as the item describes it, for "Copy as Swift".
  var component: ExpandableText { item.component }
  /// The render options of the item's first variant.
  var options: RenderOptions { jobs.first?.options ?? item.options }

  /// The jobs of the item's first variant: each state it renders.
  var jobs: [RenderJob] {
    (0..<stateCount).map { RenderJob.job(for: item, itemIndex: 0, at: $0) }
  }

  /// Renders every state of the first variant with `renderer` (which belongs to the calling
  /// thread); a state that fails carries its error and the others are still rendered.
  func render(with renderer: Renderer) -> [PreviewImage] {
    (0..<stateCount).map { render(state: $0, with: renderer) }
  }

  /// The state each of the first variant's renders draws, in order (`collapsed`, …).
  var stateNames: [String] { jobs.map(\.state.rawValue) }

  /// How many states the first variant renders.
  var stateCount: Int { min(item.states.count, item.renderCount) }

  /// Renders state `index` of the first variant (the playground renders its states at once,
  /// one a worker); a failure is carried in the image's error.
  /// With `stillAsPixels`, a still comes as its ``PreviewImage/pixels`` and no PNG is encoded
  /// (the playground's live preview; its downloads still get `render`'s bytes from ``files``).
  func render(state index: Int, with renderer: Renderer, stillAsPixels: Bool = false)
    -> PreviewImage
  {
    let job = RenderJob.job(for: item, itemIndex: 0, at: index)
    if stillAsPixels && job.state.direction == nil {
      return pixels(of: job, with: renderer)
    }
    do {
      let rendered = try JobRenderer.files(of: job, with: renderer, listingFaces: true)
      let (bytes, layout) = (rendered.files[0].bytes, rendered.layout)
      // The accessibility overlay is the job's last file, a still PNG, when the item asks for it.
      let overlay = job.overlayFile.flatMap { name in rendered.files.last { $0.file == name } }
      return PreviewImage(
        state: job.state.rawValue, file: job.file, bytes: bytes,
        layoutJSON: try Self.layoutJSON(of: job, layout),
        facts: LayoutFacts.of(layout, state: job.state, fonts: rendered.fontFaces),
        fontFaces: rendered.fontFaces, overlay: overlay?.bytes, error: nil)
    } catch {
      return PreviewImage(
        state: job.state.rawValue, file: job.file, bytes: Data(), layoutJSON: "{}",
        error: "\(error)")
    }
  }

  /// A still's pixels, its facts and its overlay (a PNG, when asked for), as
  /// ``render(state:with:stillAsPixels:)`` gives them.
  private func pixels(of job: RenderJob, with renderer: Renderer) -> PreviewImage {
    do {
      let rendered = try JobRenderer.pixels(of: job, with: renderer)
      guard let pixels = rendered.content.livePixels else {
        throw JobFailure.other("\(job.file) is an animation: it has no live pixels")
      }
      return PreviewImage(
        state: job.state.rawValue, file: job.file, bytes: Data(), pixels: pixels,
        layoutJSON: try Self.layoutJSON(of: job, rendered.layout),
        facts: LayoutFacts.of(rendered.layout, state: job.state, fonts: rendered.fontFaces),
        fontFaces: rendered.fontFaces, overlay: rendered.overlay, error: nil)
    } catch {
      return PreviewImage(
        state: job.state.rawValue, file: job.file, bytes: Data(), layoutJSON: "{}",
        error: "\(error)")
    }
  }

  /// The entry `render` writes into layout.json for the job's file, in the same bytes (one
  /// place for both ways of rendering).
  private static func layoutJSON(of job: RenderJob, _ layout: FileLayout) throws -> String {
    String(decoding: try StableJSON.data(LayoutReport.Entry(job, layout: layout)), as: UTF8.self)
  }

  /// Every file `render` writes for state `index` of the first variant: its PNG (or APNG),
  /// and the SVG and PDF when the item's formats ask for them, each with its file name.
  func files(state index: Int, with renderer: Renderer) throws -> [(
    file: String, bytes: Data
  )] {
    let job = RenderJob.job(for: item, itemIndex: 0, at: index)
    return try JobRenderer.files(of: job, with: renderer).files.map { ($0.file, $0.bytes) }
  }

  /// `{"name", "text", settings…}`: each flag's value written as the manifest value it stands
  /// for, in the table's order, label fields gathered into their object.
  private static func itemNode(text: String, flags: [(flag: Setting.Flag, text: String)])
    -> JSONNode
  {
    let (values, fields) = ComponentSettings.manifestValues(of: flags)
    func member(_ key: String, _ value: JSONNode) -> JSONNode.Member {
      .init(key: key, keyOffset: 0, value: value)
    }
    var members = [
      member("name", JSONNode(value: .string(itemName), offset: 0)),
      member("text", JSONNode(value: .string(text), offset: 0)),
    ]
    for setting in ComponentSettings.table {
      if let value = values[setting.key] {
        members.append(member(setting.key, value))
      } else if let labelFields = fields[setting.key] {
        // Label fields in the order the table's flags list them.
        let order = setting.flags.map { $0.path }
        let sorted = labelFields.sorted {
          (order.firstIndex(of: setting.key + "." + $0.0) ?? 0)
            < (order.firstIndex(of: setting.key + "." + $1.0) ?? 0)
        }
        members.append(
          member(
            setting.key,
            JSONNode(value: .object(sorted.map { member($0.0, $0.1) }), offset: 0)))
      }
    }
    return JSONNode(value: .object(members), offset: 0)
  }
}

/// One rendered state of a playground item.
struct PreviewImage: Sendable {
  /// `collapsed`, `expanded`, `expanding`, `collapsing`.
  var state: String
  /// The file name `render` gives it in the item's folder.
  var file: String
  /// PNG (a still) or APNG (an animation); empty when the render failed.
  var bytes: Data
  /// The file's entry of `layout.json` (layout schema `LayoutSchema`), as `render` writes it.
  var layoutJSON: String
  /// The render's facts in words, as the playground shows them (``LayoutFacts``).
  var facts: [LayoutFact] = []
  /// The faces the renderer drew with, fallbacks included (empty where not asked for).
  var fontFaces: [String] = []
  /// The accessibility overlay's PNG (the still with its elements' frames and labels drawn on
  /// it), when the settings ask for it and the state is a still.
  var overlay: Data?
  var error: String?
  /// The still's pixels, when asked for instead of its PNG (`bytes` is then empty).
  var pixels: Image?

  init(
    state: String, file: String, bytes: Data, pixels: Image? = nil, layoutJSON: String,
    facts: [LayoutFact] = [], fontFaces: [String] = [], overlay: Data? = nil, error: String? = nil
  ) {
    self.state = state
    self.file = file
    self.bytes = bytes
    self.pixels = pixels
    self.layoutJSON = layoutJSON
    self.facts = facts
    self.fontFaces = fontFaces
    self.overlay = overlay
    self.error = error
  }
}
