import Foundation
import Testing

/// `serve --host` with an address meaning "every address" cannot work (the gate answers only
/// requests made to the address listened on, which a wildcard does not name), so it is refused
/// at once: exit 2, one error naming the option and what to give instead, no warning that the
/// server is reachable, and nothing freed twice (GLib's criticals).
@Suite struct ServeWildcardHostTests {
  @Test(arguments: ["0.0.0.0", "::", "0:0:0:0:0:0:0:0", "::0"])
  func aWildcardHostIsRefusedWithExitTwoAndOneClearError(host: String) throws {
    let scratch = try Scratch()
    let run = try shell(
      "exec \"$0\" serve --port 0 --host \"$1\"", [host], in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr
        == "error: --host \(host) is every address, and the workbench answers only requests made "
        + "to the address it listens on: give one address of this machine, or leave --host out "
        + "for loopback\n",
      "\(run.stderr)")
  }

  /// The server's init throws after it is whole, so its `deinit` frees the libsoup server: the
  /// throwing path must not free it too (GLib printed two criticals, a use after free).
  @Test func aPortInUseIsOneClearErrorWithNothingFreedTwice() throws {
    let scratch = try Scratch()
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && listen(socket, 1) == 0
          && getsockname(socket, pointer, &length) == 0
      }
    }
    try #require(bound)
    let port = String(UInt16(bigEndian: address.sin_port))
    let run = try shell(
      "exec \"$0\" serve --port \"$1\" --host 127.0.0.1", [port], in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("error: cannot listen on port \(port): "), "\(run.stderr)")
    #expect(!run.stderr.contains("CRITICAL"), "\(run.stderr)")
  }
}
