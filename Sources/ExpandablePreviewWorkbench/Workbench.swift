import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The running workbench: the HTTP server with its routes and the playground's sockets, all on
/// the main loop's thread, and the render workers beside it. Made with ``start(_:)``, stopped
/// with ``stop()``.
final class Workbench: @unchecked Sendable {
  struct Configuration {
    var host: String?
    var port = 0
    var workers = 2
    /// The folder whose files `/snapshots/…` serves (read-only), if any.
    var snapshots: String?
    /// The manifest the gallery shows and watches, if any.
    var manifest: String?
    /// Where the review keeps rejections for the next `verify --artifacts` there.
    var artifacts = "verify-artifacts"
  }

  let loop = MainLoopThread()
  let queue: RenderQueue
  private let registry = SocketRegistry()
  /// Made, used and released on the loop's thread.
  private var server: HTTPServer?
  private var gallery: Gallery?
  /// Made when serving a manifest with its snapshots folder.
  private var review: Review?
  let token: String
  private(set) var port = 0

  private init(workers: Int, token: String) throws {
    queue = try RenderQueue(workers: workers)
    self.token = token
  }

  /// Starts the server on the loop's thread and the render workers.
  static func start(_ configuration: Configuration, log: @escaping @Sendable (String) -> Void)
    throws -> Workbench
  {
    let token = AccessGate.newToken()
    let pages = try PageFiles(
      servesGallery: configuration.manifest != nil,
      servesReview: configuration.manifest != nil && configuration.snapshots != nil, token: token)
    let snapshots = try configuration.snapshots.map { path throws(WorkbenchError) in
      do { return try FolderHandle(path: path) } catch {
        throw WorkbenchError("--snapshots: \(error)")
      }
    }
    let workbench = try Workbench(workers: configuration.workers, token: token)
    do {
      workbench.port = try workbench.loop.sync {
        let server = try HTTPServer(
          host: configuration.host, port: configuration.port, token: workbench.token)
        server.log = log
        server.addRoute("/") { path in
          switch path {
          case "/", "/playground": pages.response(for: "playground.html")
          case "/gallery" where workbench.gallery != nil: pages.response(for: "gallery.html")
          case "/playground/manifest":
            configuration.manifest.flatMap(PlaygroundSave.manifestState)
          case _ where path.hasPrefix("/gallery-image/"):
            workbench.galleryImage(String(path.dropFirst("/gallery-image/".count)))
          case _ where path.hasPrefix("/assets/"):
            PageFiles.assets.contains(String(path.dropFirst("/assets/".count)))
              ? pages.response(for: String(path.dropFirst("/assets/".count))) : nil
          case _ where path.hasPrefix("/snapshots/"):
            snapshots.flatMap { folder in
              ServedFile.snapshot(String(path.dropFirst("/snapshots/".count)), below: folder)
            }
          default: nil
          }
        }
        server.addWebSocket("/socket") { [workbench] connection in
          let registry = workbench.registry
          registry.add(
            PlaygroundSocket(
              connection: connection, client: registry.nextClient(), queue: workbench.queue,
              loop: workbench.loop, registry: registry,
              gallerySettings: { [weak workbench] item, file in
                workbench?.gallery?.playgroundSettings(item: item, file: file)
              }))
        }
        if let manifest = configuration.manifest {
          let gallery = Gallery(
            path: manifest, queue: workbench.queue, loop: workbench.loop,
            registry: workbench.registry, batch: 2 * max(1, configuration.workers))
          server.addWebSocket("/gallery-socket") { connection in gallery.addSocket(connection) }
          server.addPost("/playground/save") { body, respond in
            respond(PlaygroundSave.answer(body, manifest: manifest))
          }
          workbench.gallery = gallery
          gallery.start()
        }
        if let manifest = configuration.manifest, let folder = configuration.snapshots {
          let review = Review(
            manifest: manifest, snapshots: folder, artifacts: configuration.artifacts,
            workers: configuration.workers,
            loop: workbench.loop)
          addReview(review, pages: pages, to: server)
          workbench.review = review
          review.startWatching()
          review.run()
        }
        workbench.server = server
        return server.port
      }
    } catch {
      workbench.loop.quit()
      workbench.loop.wait()
      workbench.queue.stop()
      throw error
    }
    return workbench
  }

  /// `ITEM/FILE` of the gallery's images (each part percent-decoded on its own).
  private func galleryImage(_ encoded: String) -> HTTPServer.Response? {
    guard let names = ServedFile.segments(encoded), names.count == 2,
      let data = gallery?.image(item: names[0], file: names[1])
    else { return nil }
    return HTTPServer.Response(
      status: 200, contentType: ServedFile.contentType(of: names[1]), body: data)
  }

  /// The page's address with the access token.
  func url(host: String?, page: String = "/") -> String {
    let shown = host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
    return "http://\(shown):\(port)\(page)?token=\(token)"
  }

  /// Stops the loop, then closes the sockets and the server and stops the workers.
  func stop() {
    loop.quit()
    loop.wait()
    finish()
  }

  /// Frees the sockets and the server once the loop has stopped (no thread uses them then),
  /// and stops the workers.
  func finish() {
    // An approve or undo under way completes its writes (each file atomic).
    review?.wait()
    review?.stopWatching()
    gallery?.stop()
    gallery = nil
    registry.removeAll()
    server = nil
    queue.stop()
  }
}
