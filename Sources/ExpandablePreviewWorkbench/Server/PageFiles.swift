import Foundation

/// The workbench's pages (HTML, CSS, plain JavaScript), shipped as the target's resources and
/// read once at start. Served by name from a fixed list: no request path reaches the disk here.
struct PageFiles: Sendable {
  static let names = [
    "playground.html", "playground.css", "playground.js", "gallery.html", "gallery.js",
    "review.html", "review.css", "review.js", SharedHead.fileName,
  ]
  private let files: [String: Data]

  init() throws(WorkbenchError) {
    var files: [String: Data] = [:]
    for name in Self.names {
      let parts = name.split(separator: ".").map(String.init)
      guard
        let url = Bundle.module.url(
          forResource: parts[0], withExtension: parts[1], subdirectory: "Pages"),
        let data = try? Data(contentsOf: url)
      else {
        throw WorkbenchError("the workbench's page \(name) is missing from the installed resources")
      }
      files[name] = data
    }
    self.files = SharedHead.expanding(files)
  }

  func response(for name: String) -> HTTPServer.Response? {
    files[name].map {
      HTTPServer.Response(status: 200, contentType: ServedFile.contentType(of: name), body: $0)
    }
  }
}
