import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

/// The live gallery of a manifest: every item × variant × state, re-rendered when the manifest or
/// a `textFile` changes, only for the items the change touched. An invalid edit is shown with its
/// `file:line:column` and the last good images stay.
///
/// Nothing here runs long on the ``MainLoopThread`` (the server's event loop): decoding the
/// manifest, comparing it with the last one and handing out renders happen on the gallery's own
/// serial worker; the renders on the ``RenderQueue``, a few items at a time, so a playground's
/// edit waits for one item at most; the loop only passes the worker's messages to the pages and
/// serves images from the model (under its lock). A newer version of the manifest supersedes the
/// older: one still waiting is never decoded, one decoded meanwhile is never applied, and the
/// renders it was waiting for are replaced by the newer version's.
final class Gallery: @unchecked Sendable {
  /// The most items a page shows; the rest are counted and named in the page's header.
  static let maxItems = 5_000

  let path: String
  private let queue: RenderQueue
  private let loop: MainLoopThread
  private let client: Int
  /// Items rendered per request to the queue (one request at a time).
  private let batch: Int
  private let decode: @Sendable (String) throws(PreviewProblem) -> GalleryManifest
  private let worker = DispatchQueue(label: "workbench gallery")

  /// Guards the model, the versions and `isStopped` (the loop reads images; the render
  /// threads ask whether their item is still current).
  private let lock = Locked<Void>(())
  private var model: GalleryModel
  /// The newest version asked for, and counts for the tests: versions decoded, and versions
  /// dropped because a newer one was asked for before they were applied.
  private var latestVersion = 0
  private(set) var decoded = 0
  private(set) var superseded = 0
  private var isStopped = false

  /// Worker-owned: renders handed to the queue and not yet back, and the items they stored.
  private var underWay = 0
  private var finishedNames: [String] = []

  /// Loop-owned: the watcher and the pages, each with whether it has had its first message.
  private var watcher: FileWatcher?
  private var pages: [ObjectIdentifier: GalleryPage] = [:]

  init(
    path: String, queue: RenderQueue, loop: MainLoopThread, registry: SocketRegistry,
    batch: Int = 4, maxItems: Int = Gallery.maxItems,
    decode: @escaping @Sendable (String) throws(PreviewProblem) -> GalleryManifest = {
      path throws(PreviewProblem) in try GalleryManifest(path: path)
    }
  ) {
    self.path = URL(fileURLWithPath: path).standardizedFileURL.path
    self.queue = queue
    self.loop = loop
    self.client = registry.nextClient()
    self.batch = max(1, batch)
    self.decode = decode
    model = GalleryModel(manifest: self.path, maxItems: maxItems)
  }

  /// Starts watching and reads the manifest; on the loop's thread.
  func start() {
    watcher = FileWatcher { [weak self] in self?.reload() }
    watcher?.watch([path])
    reload()
  }

  /// Stops handing out renders and frees the pages and the monitors; on the loop's thread or
  /// after it stopped. A decode under way ends on its own; nothing waits for it.
  func stop() {
    locked { isStopped = true }
    pages = [:]
    watcher = nil
  }

  /// Asks for the manifest to be read again (a new version); returns at once.
  func reload() {
    let version = locked {
      latestVersion += 1
      return latestVersion
    }
    worker.async { self.read(version) }
  }

  /// Waits until the worker has done what it was given (for the tests).
  func drain() { worker.sync {} }

  // MARK: The worker

  private func read(_ version: Int) {
    guard isWanted(version) else { return }
    locked { model.isReading = true }
    let manifest: GalleryManifest
    do throws(PreviewProblem) {
      manifest = try decode(path)
    } catch {
      guard isWanted(version, decoded: true) else { return }
      locked { send(model.fail(error.description)) }
      return
    }
    guard isWanted(version, decoded: true) else { return }
    locked { send(model.apply(manifest)) }
    let files = manifest.files
    loop.async { self.watcher?.watch(files) }
    startRenders()
  }

  /// Whether `version` is still the newest asked for; counts it as superseded if not.
  private func isWanted(_ version: Int, decoded wasDecoded: Bool = false) -> Bool {
    locked {
      if wasDecoded { decoded += 1 }
      guard version == latestVersion, !isStopped else {
        superseded += 1
        return false
      }
      return true
    }
  }

  /// Hands the next few renders to the queue once the last ones are back (the queue keeps one
  /// request per client: a second would replace the first).
  private func startRenders() {
    guard underWay == 0 else { return }
    let renders = locked { isStopped ? [] : model.nextRenders(batch) }
    guard !renders.isEmpty else { return }
    underWay = renders.count
    let parts = renders.map { render in
      { @Sendable (renderer: Renderer) in
        // An item replaced since it was handed out is not rendered.
        let wanted = self.locked {
          !self.isStopped && self.model.isCurrent(render.item.name, generation: render.generation)
        }
        let images = wanted ? render.item.render(with: renderer) : nil
        let places = wanted ? render.item.places() : []
        self.worker.async {
          self.finished(render.item.name, render.generation, images: images, places: places)
        }
      }
    }
    queue.submit(RenderQueue.Request(client: client, parts: parts))
  }

  private func finished(
    _ name: String, _ generation: Int, images: [PreviewImage]?, places: [GalleryPlace]
  ) {
    underWay -= 1
    if let images,
      locked({
        model.finished(name, generation: generation, images: images, places: places)
      })
    {
      finishedNames.append(name)
    }
    guard underWay == 0 else { return }
    // One message per batch naming its items (as they are now: a version applied since may
    // have made one pending again), never the whole state.
    if !finishedNames.isEmpty {
      let names = finishedNames
      finishedNames = []
      locked { send(model.update(names)) }
    }
    startRenders()
  }

  /// Passes `text` to the ready pages; called with the lock held, so the loop gets the
  /// messages in the order they were made, whichever thread made them.
  private func send(_ text: String) {
    loop.async {
      for page in self.pages.values where page.isReady { page.send(text) }
    }
  }

  // MARK: The loop

  /// The bytes of `file` of `item`, for `/gallery-image/ITEM/FILE`.
  func image(item: String, file: String) -> Data? {
    locked { model.image(item: item, file: file) }
  }

  /// `file` of `item` as the playground's text and flags, from the last good manifest.
  func playgroundSettings(item: String, file: String) -> GalleryItemSettings? {
    locked { model.item(item) }?.playgroundSettings(file: file)
  }

  func addSocket(_ connection: OpaquePointer) {
    let socket = WebSocket(connection, maxMessageBytes: 4096)
    addPage(send: socket.send) { socket.closed = $0 }
  }

  /// Adds a page that `send` reaches: it gets the whole state, then every update made after it
  /// (those made before are in it). The state is made on another thread, never behind a
  /// manifest being decoded. `onClose` is given what to call when it goes.
  func addPage(send: @escaping (String) -> Void, onClose: (@escaping () -> Void) -> Void) {
    let page = GalleryPage(send: send)
    let key = ObjectIdentifier(page)
    pages[key] = page
    onClose { [weak self] in self?.pages[key] = nil }
    DispatchQueue.global().async {
      self.locked {
        let text = self.model.snapshot()
        self.loop.async {
          page.send(text)
          page.isReady = true
        }
      }
    }
  }

  private func locked<Result>(_ work: () -> Result) -> Result {
    lock.withLock { _ in work() }
  }
}

/// One connected gallery page: how to reach it, and whether it has had the whole state (the
/// updates made before that are in it). Made on the loop and used only there (the worker
/// carries it back to the loop untouched).
final class GalleryPage: @unchecked Sendable {
  let send: (String) -> Void
  var isReady = false
  init(send: @escaping (String) -> Void) { self.send = send }
}
