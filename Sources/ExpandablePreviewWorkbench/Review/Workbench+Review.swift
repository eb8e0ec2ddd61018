import Foundation

extension Workbench {
  /// The review's routes: its page, its state and the failures' images (GET below `/review`),
  /// and its actions (POST, each through the gate: token, `Host`, `Origin`, body size).
  static func addReview(_ review: Review, pages: PageFiles, to server: HTTPServer) {
    server.addRoute("/review") { path in
      switch path {
      case "/review": return pages.response(for: "review.html")
      case "/review/state":
        return HTTPServer.Response(
          status: 200, contentType: "application/json; charset=utf-8", body: review.state)
      case _ where path.hasPrefix("/review/image/"):
        // ID/KIND, both plain words: nothing here names a file.
        let parts = path.dropFirst("/review/image/".count).split(separator: "/")
        guard parts.count == 2, let id = Int(parts[0]),
          let image = review.image(id: id, kind: String(parts[1]))
        else { return nil }
        return HTTPServer.Response(status: 200, contentType: "image/png", body: image)
      default: return nil
      }
    }
    server.addPost("/review/approve") { body, respond in review.approve(body, respond: respond) }
    server.addPost("/review/approve-batch") { body, respond in
      review.approveBatch(body, respond: respond)
    }
    server.addPost("/review/reject") { body, respond in review.reject(body, respond: respond) }
    server.addPost("/review/undo") { _, respond in review.undo(respond: respond) }
    server.addPost("/review/run") { _, respond in review.run(then: respond) }
  }
}
