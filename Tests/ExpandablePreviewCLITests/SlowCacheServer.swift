import Foundation
import Synchronization

/// A loopback HTTP server that answers every request slowly, one byte a second: the cache a
/// slow or hostile network gives. Stopped when released.
final class SlowCacheServer: Sendable {
  enum Behaviour: Sendable {
    /// The status line, then the headers one byte a second (never ending them).
    case slowHeaders
    /// Headers announcing a megabyte, then the body one byte a second.
    case slowBody
  }

  let port: Int
  private let listener: Int32
  private let state = State()

  /// What the server's threads share (never the server itself, so releasing it stops them).
  private final class State: Sendable {
    let stopped = Atomic<Bool>(false)
    /// The connections accepted so far.
    let accepted = Atomic<Int>(0)
  }

  /// The cache's URL as the tool is given it.
  var url: String { "http://127.0.0.1:\(port)/ep" }
  /// How many connections the server took.
  var connections: Int { state.accepted.load(ordering: .relaxed) }

  init(_ behaviour: Behaviour) throws {
    let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EMFILE) }
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound, listen(listener, 64) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    let socket = listener
    let state = state
    Thread {
      while !state.stopped.load(ordering: .relaxed) {
        let client = accept(socket, nil, nil)
        guard client >= 0 else { return }
        state.accepted.add(1, ordering: .relaxed)
        Thread { Self.answer(client, behaviour, state) }.start()
      }
    }.start()
  }

  deinit {
    state.stopped.store(true, ordering: .relaxed)
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// Reads the request's head, then trickles the answer until the client leaves or the server
  /// stops.
  private static func answer(_ client: Int32, _ behaviour: Behaviour, _ state: State) {
    defer { close(client) }
    var head = [UInt8]()
    var byte: UInt8 = 0
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard recv(client, &byte, 1, 0) == 1 else { return }
      head.append(byte)
    }
    let start: String
    switch behaviour {
    case .slowHeaders: start = "HTTP/1.1 200 OK\r\n"
    case .slowBody: start = "HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n"
    }
    guard send(client, start, start.utf8.count, Int32(MSG_NOSIGNAL)) == start.utf8.count else {
      return
    }
    let trickle: UInt8 = behaviour == .slowHeaders ? UInt8(ascii: "X") : 0
    while !state.stopped.load(ordering: .relaxed) {
      var next = trickle
      guard send(client, &next, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
      sleep(1)
    }
  }
}
