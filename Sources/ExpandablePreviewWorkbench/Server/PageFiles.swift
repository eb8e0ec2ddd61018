import Foundation

/// The workbench's pages (HTML, CSS, plain JavaScript), shipped as the target's resources
/// (`Bundle.module`) and read once at start. Every page is the one frame `page.html` (the head,
/// the stylesheet, the bar) around its own `<main>` file, with its title, script and links to
/// the other pages served. Served by name from a fixed list: no request path reaches the disk.
struct PageFiles: Sendable {
  /// One page: where it is served, its `<main>` file, its title, its script, its own style
  /// sheets and what its status line says before the script runs.
  struct Page: Sendable {
    var path: String
    var main: String
    var title: String
    var script: String
    var styles: [String] = []
    var status = "Connecting…"
  }

  static let playground = Page(
    path: "/", main: "playground.html", title: "Playground", script: "playground.js")
  static let gallery = Page(
    path: "/gallery", main: "gallery.html", title: "Gallery", script: "gallery.js")
  static let review = Page(
    path: "/review", main: "review.html", title: "Review", script: "review.js",
    styles: ["review.css"], status: "Running verify…")
  /// The files served below `/assets/`.
  static let assets = [
    "workbench.css", "playground.js", "playground-controls.js", "playground-downloads.js",
    "playground-suggest.js", "playground-edges.js", "playground-player.js",
    "playground-component.js", "playground-images.js", "playground-render.js",
    "playground-save.js",
    "gallery.js", "review.css",
    "review-list.js", "review-compare.js", "review-reject.js",
    "review.js",
  ]

  private let files: [String: Data]

  /// Reads the resources and composes the pages; the gallery's and the review's only when they
  /// are served. Every link and asset address carries `token` (the pages keep it out of cookies).
  init(servesGallery: Bool, servesReview: Bool = false, token: String) throws(WorkbenchError) {
    let pages =
      [Self.playground] + (servesGallery ? [Self.gallery] : [])
      + (servesReview ? [Self.review] : [])
    var files: [String: Data] = [:]
    for name in Self.assets { files[name] = try Self.resource(name) }
    let frame = String(decoding: try Self.resource("page.html"), as: UTF8.self)
    for page in pages {
      let links = pages.filter { $0.path != page.path }
        .map { "<a href=\"\($0.path)?token=\(token)\">\($0.title)</a>" }
      let main = String(decoding: try Self.resource(page.main), as: UTF8.self)
      let html =
        frame
        // The page's own part first, so its `{{token}}`s are filled in too.
        .replacingOccurrences(of: "{{main}}", with: main.trimmingCharacters(in: .newlines))
        .replacingOccurrences(of: "{{title}}", with: page.title)
        .replacingOccurrences(of: "{{script}}", with: page.script)
        .replacingOccurrences(
          of: "{{styles}}",
          with: page.styles.map {
            "<link rel=\"stylesheet\" href=\"/assets/\($0)?token=\(token)\">\n"
          }
          .joined()
        )
        .replacingOccurrences(of: "{{status}}", with: page.status)
        .replacingOccurrences(of: "{{token}}", with: token)
        .replacingOccurrences(
          of: "{{nav}}", with: links.isEmpty ? "" : "<nav>\(links.joined(separator: " · "))</nav>"
        )
      files[page.main] = Data(html.utf8)
    }
    self.files = files
  }

  private static func resource(_ name: String) throws(WorkbenchError) -> Data {
    let parts = name.split(separator: ".").map(String.init)
    guard
      let url = Bundle.module.url(
        forResource: parts[0], withExtension: parts[1], subdirectory: "Pages"),
      let data = try? Data(contentsOf: url)
    else {
      throw WorkbenchError("the workbench's page \(name) is missing from the installed resources")
    }
    return data
  }

  /// The page composed from `main` (`playground.html`) or the asset `name`.
  func response(for name: String) -> HTTPServer.Response? {
    files[name].map {
      HTTPServer.Response(status: 200, contentType: ServedFile.contentType(of: name), body: $0)
    }
  }
}
