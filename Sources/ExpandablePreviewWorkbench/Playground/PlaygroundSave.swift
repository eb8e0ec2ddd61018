import ExpandablePreviewEngine
import Foundation

/// The playground's "Save to manifest" over HTTP (a POST, through the gate: token, `Host`,
/// `Origin`, body size): the page's item written into the served manifest by
/// ``ManifestSave``, answered with the file's new SHA-256, or 409 with the reason.
enum PlaygroundSave {
  struct Request: Decodable {
    var name: String
    var text: String
    var flags: [[String]]
    /// The item the page was opened from, to write over; nil for a new item.
    var over: String?
    /// The SHA-256 of the manifest as the page read it.
    var digest: String
  }

  /// The manifest's SHA-256 as the page reads it before a save.
  static func manifestState(_ manifest: String) -> HTTPServer.Response? {
    guard let digest = ManifestSave.digest(of: manifest) else { return nil }
    return HTTPServer.Response(
      status: 200, contentType: "application/json; charset=utf-8",
      body: Data(MessageJSON.text(["digest": digest]).utf8))
  }

  static func answer(_ body: Data, manifest: String) -> HTTPServer.Response {
    guard let request = try? JSONDecoder().decode(Request.self, from: body) else {
      return .text(400, "the body must be {name, text, flags, over, digest} as JSON")
    }
    do {
      let digest = try ManifestSave.save(
        manifest: manifest, name: request.name, text: request.text,
        flags: request.flags.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil },
        replacing: request.over, readDigest: request.digest)
      return HTTPServer.Response(
        status: 200, contentType: "application/json; charset=utf-8",
        body: Data(MessageJSON.text(["digest": digest, "saved": request.name]).utf8))
    } catch {
      return .text(409, error.description)
    }
  }
}
