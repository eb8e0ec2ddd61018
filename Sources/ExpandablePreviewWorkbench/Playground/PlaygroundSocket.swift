import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Synchronization

/// One playground page's WebSocket: its edits go to the ``RenderQueue``; the answers come back
/// to the main loop and are sent if the socket is still open. Lives on the ``MainLoopThread``.
final class PlaygroundSocket {
  /// The largest message a page may send (a text and its settings).
  static let maxMessageBytes = 64 << 10

  let client: Int
  /// The render queue's slot for downloads, so an edit never replaces a download (or back).
  private let downloadClient: Int
  /// The render queue's slot for edge texts, which follow the settings beside the edits: an
  /// edit never replaces them, a newer request for them does (and stops the one under way).
  private let edgesClient: Int
  private let latestEdges = Latest()
  /// The pictures this page holds, so an answer need not send them again.
  private let sentStills = SentStills()
  private let socket: WebSocket
  /// Set when the socket closes: the edge texts under way stop at their next layout.
  private let gone = Flag()
  private let queue: RenderQueue
  private let loop: MainLoopThread
  private let registry: SocketRegistry
  /// The settings of a gallery item's file, for "open in the playground" (nil without one).
  private let gallerySettings: (_ item: String, _ file: String) -> GalleryItemSettings?

  init(
    connection: OpaquePointer, client: Int, queue: RenderQueue, loop: MainLoopThread,
    registry: SocketRegistry,
    gallerySettings: @escaping (_ item: String, _ file: String) -> GalleryItemSettings?
  ) {
    socket = WebSocket(connection, maxMessageBytes: Self.maxMessageBytes)
    self.client = client
    downloadClient = registry.nextClient()
    edgesClient = registry.nextClient()
    self.queue = queue
    self.loop = loop
    self.registry = registry
    self.gallerySettings = gallerySettings
    socket.received = { [weak self] text in self?.received(text) }
    socket.closed = { [weak self] in self?.closed() }
    socket.send(MessageJSON.text(HelloMessage(controls: ItemPreview.controls)))
  }

  func send(_ text: String) { socket.send(text) }
  func send(_ message: SocketMessage) { socket.send(message) }

  private func received(_ text: String) {
    let data = Data(text.utf8)
    let kind = (try? JSONDecoder().decode(MessageKind.self, from: data))?.type
    if kind == "open" {
      open(data)
      return
    }
    if kind == "download", let request = try? JSONDecoder().decode(DownloadMessage.self, from: data)
    {
      let (loop, client, registry) = (loop, client, registry)
      queue.submit(
        RenderQueue.Request(client: downloadClient) { renderer in
          let answer = PlaygroundDownload.answer(request, with: renderer)
          loop.async { registry.send(answer, to: client) }
        })
      return
    }
    guard let edit = try? JSONDecoder().decode(EditMessage.self, from: data),
      edit.type == "edit" || edit.type == "edges"
    else {
      send(MessageJSON.text(ProblemMessage(seq: -1, message: "unreadable message")))
      return
    }
    let arrived = ContinuousClock.now
    let loop = loop
    let client = client
    let registry = registry
    // The answer goes back through the registry: the socket may have closed meanwhile.
    let deliver: @Sendable (SocketMessage) -> Void = { answer in
      loop.async { registry.send(answer, to: client) }
    }
    if edit.type == "edges" {
      let gone = gone
      let latest = latestEdges
      latest.value = edit.seq
      queue.submit(
        RenderQueue.Request(client: edgesClient) { renderer in
          let answer = PlaygroundRender.edges(of: edit, with: renderer) {
            gone.isSet || latest.value != edit.seq
          }
          if let answer { deliver(answer) }
        })
    } else {
      let parts = PlaygroundRender.parts(
        of: edit, arrived: arrived, sent: sentStills, deliver: deliver)
      // An edit that cannot be rendered was answered; the older edit waiting is stale too.
      if parts.isEmpty {
        queue.cancel(client: client)
      } else {
        queue.submit(RenderQueue.Request(client: client, parts: parts))
      }
    }
  }

  /// Answers "open in the playground" at once, on the loop (the gallery lives there).
  private func open(_ data: Data) {
    guard let message = try? JSONDecoder().decode(OpenMessage.self, from: data),
      let settings = gallerySettings(message.item, message.file)
    else {
      send(
        MessageJSON.text(
          ProblemMessage(seq: -1, message: "no such gallery file to open in the playground")))
      return
    }
    send(
      MessageJSON.text(OpenedMessage(item: message.item, file: message.file, settings: settings)))
  }

  private func closed() {
    gone.set()
    queue.cancel(client: client)
    queue.cancel(client: downloadClient)
    queue.cancel(client: edgesClient)
    registry.remove(client)
  }
}

/// The open playground sockets by client number; used on the main loop's thread only (the
/// render workers reach it through ``MainLoopThread/async(_:)``).
final class SocketRegistry: @unchecked Sendable {
  private var sockets: [Int: PlaygroundSocket] = [:]
  private var lastClient = 0

  /// A number for a new socket.
  func nextClient() -> Int {
    lastClient += 1
    return lastClient
  }

  func add(_ socket: PlaygroundSocket) { sockets[socket.client] = socket }
  func remove(_ client: Int) { sockets[client] = nil }
  func removeAll() { sockets = [:] }

  func send(_ message: SocketMessage, to client: Int) { sockets[client]?.send(message) }
}

/// A flag set once, read from any thread.
private final class Flag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}

/// The newest request's number, written on the loop and read by a render worker.
private final class Latest: Sendable {
  private let storage = Atomic<Int>(0)
  var value: Int {
    get { storage.load(ordering: .relaxed) }
    set { storage.store(newValue, ordering: .relaxed) }
  }
}
