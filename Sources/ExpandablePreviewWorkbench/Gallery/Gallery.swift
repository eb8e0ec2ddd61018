import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// The live gallery of a manifest: every item × variant × state, re-rendered when the manifest or
/// a `textFile` changes, only for the items the change touched. An invalid edit is shown with its
/// `file:line:column` and the last good images stay. Lives on the ``MainLoopThread``; renders go
/// to the ``RenderQueue`` and come back through ``MainLoopThread/async(_:)``.
final class Gallery: @unchecked Sendable {
  /// What the page is sent: the items in manifest order, each with its images' addresses.
  struct StateMessage: Encodable {
    struct Item: Encodable {
      var name: String
      /// The render whose images are served now; increases with every render of the item, so
      /// the page reloads its images when it changes.
      var generation: Int
      var files: [String]
      var errors: [String]
      /// A newer render is under way (the images served are the last good ones).
      var pending: Bool
      var leftOut: Int
    }

    var type = "gallery"
    var manifest: String
    var error: String?
    var warning: String?
    var items: [Item]
  }

  let path: String
  private let queue: RenderQueue
  private let loop: MainLoopThread
  private let registry: SocketRegistry
  private var watcher: FileWatcher?
  /// The last good manifest's items, in order.
  private var items: [GalleryItem] = []
  private var images: [String: [PreviewImage]] = [:]
  /// The latest render asked for, per item, and the one whose images are stored.
  private var generations: [String: Int] = [:]
  private var imageGenerations: [String: Int] = [:]
  /// Each item's slot in the render queue, so a newer edit of an item replaces its older one.
  private var clients: [String: Int] = [:]
  private var error: String?
  private var warning: String?
  private var sockets: [ObjectIdentifier: WebSocket] = [:]
  /// Renders of whole items done, for the tests' log.
  private(set) var renders = 0

  init(path: String, queue: RenderQueue, loop: MainLoopThread, registry: SocketRegistry) {
    self.path = URL(fileURLWithPath: path).standardizedFileURL.path
    self.queue = queue
    self.loop = loop
    self.registry = registry
  }

  /// Reads the manifest, renders it and starts watching; on the loop's thread.
  func start() {
    watcher = FileWatcher { [weak self] in self?.reload() }
    watcher?.watch([path])
    reload()
  }

  /// Frees the sockets and the monitors; on the loop's thread or after it stopped.
  func stop() {
    sockets = [:]
    watcher = nil
  }

  /// Decodes the manifest again; renders the items that changed, drops the ones that went.
  func reload() {
    let manifest: GalleryManifest
    do throws(PreviewProblem) {
      manifest = try GalleryManifest(path: path)
    } catch {
      self.error = error.description
      broadcast()
      return
    }
    self.error = nil
    warning =
      manifest.hasOwnFonts
      ? "The manifest sets 'fonts': the gallery renders with the pinned set only." : nil
    watcher?.watch(manifest.files)
    let old = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    items = manifest.items
    let names = Set(items.map(\.name))
    for name in images.keys where !names.contains(name) {
      images[name] = nil
      generations[name] = nil
      imageGenerations[name] = nil
      if let client = clients.removeValue(forKey: name) { queue.cancel(client: client) }
    }
    for item in items where old[item.name] != item { render(item) }
    broadcast()
  }

  private func render(_ item: GalleryItem) {
    let client = clients[item.name] ?? registry.nextClient()
    clients[item.name] = client
    let generation = (generations[item.name] ?? 0) + 1
    generations[item.name] = generation
    let loop = loop
    // The render holds the gallery until its answer is delivered (or dropped with the loop).
    let gallery = self
    queue.submit(
      RenderQueue.Request(client: client) { renderer in
        let rendered = item.render(with: renderer)
        loop.async { gallery.finished(item, generation: generation, images: rendered) }
      })
  }

  private func finished(_ item: GalleryItem, generation: Int, images rendered: [PreviewImage]) {
    // A render of an item's older version, or of an item that went, is dropped.
    guard generations[item.name] == generation, items.contains(item) else { return }
    images[item.name] = rendered
    imageGenerations[item.name] = generation
    renders += 1
    broadcast()
  }

  /// The bytes of `file` of `item`, for `/gallery-image/ITEM/FILE`.
  func image(item: String, file: String) -> Data? {
    images[item]?.first { $0.file == file && $0.error == nil }?.bytes
  }

  /// `file` of `item` as the playground's text and flags, from the last good manifest.
  func playgroundSettings(item: String, file: String) -> GalleryItemSettings? {
    items.first { $0.name == item }?.playgroundSettings(file: file)
  }

  func addSocket(_ connection: OpaquePointer) {
    let socket = WebSocket(connection, maxMessageBytes: 4096)
    let key = ObjectIdentifier(socket)
    socket.closed = { [weak self] in self?.sockets[key] = nil }
    sockets[key] = socket
    socket.send(stateText)
  }

  private func broadcast() {
    let text = stateText
    for socket in sockets.values { socket.send(text) }
  }

  private var stateText: String {
    MessageJSON.text(
      StateMessage(
        manifest: path, error: error, warning: warning,
        items: items.map { item in
          let rendered = images[item.name] ?? []
          return StateMessage.Item(
            name: item.name, generation: imageGenerations[item.name] ?? 0,
            files: rendered.filter { $0.error == nil }.map(\.file),
            errors: rendered.compactMap { $0.error.map { error in "\(item.name): \(error)" } },
            pending: generations[item.name] != imageGenerations[item.name],
            leftOut: item.leftOut)
        }))
  }
}
