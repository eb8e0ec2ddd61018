import Foundation

/// A real nginx with WebDAV on a free loopback port, serving a temporary folder as a Bazel
/// remote cache (`PUT` creates `ac/…` and `cas/…` files), stopped when released. Nil when
/// nginx is not installed (`Scripts/setup.sh --test-tools` installs it).
final class NginxCache {
  /// How the server answers.
  enum Behaviour {
    /// A WebDAV store: GET, HEAD and PUT.
    case store
    /// Every request answered with HTTP 500.
    case failing
    /// A store that answers 401 unless the request carries this `Authorization` value.
    case requiring(authorization: String)
    /// A store that answers every `PUT` of an action-cache entry with this status, as
    /// bazel-remote answers 400 to one that is not an `ActionResult` protobuf (unless started
    /// with `--disable_http_ac_validation`); blobs are stored.
    case refusingEntries(status: Int)
    /// A store that serves what its folder holds and answers every `PUT` with 403 (a
    /// read-only credential).
    case refusingWrites
  }

  let folder: URL
  let port: Int
  private let process: Process

  /// The files the cache holds (under `root/ep`, as the tests' URLs name it).
  var root: URL { folder.appendingPathComponent("root/ep") }
  /// The cache's URL as the tool is given it.
  var url: String { "http://127.0.0.1:\(port)/ep" }

  /// The nginx executable, or nil.
  static let executable: String? = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  init?(_ behaviour: Behaviour = .store) throws {
    guard let executable = Self.executable else { return nil }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-nginx-\(UUID().uuidString)", isDirectory: true)
    for sub in ["root/ep", "temp"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    var started: (Process, Int)? = nil
    // A port found free can be taken before nginx binds it: try another.
    for _ in 0..<5 {
      let port = try freeLoopbackPort()
      try Data(Self.configuration(folder: folder, port: port, behaviour).utf8).write(
        to: folder.appendingPathComponent("nginx.conf"))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [
        "-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path, "-e",
        folder.appendingPathComponent("error.log").path,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      if waitForListening(port: port, while: process) {
        started = (process, port)
        break
      }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    guard let (process, port) = started else {
      let log =
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8))
      try? FileManager.default.removeItem(at: folder)
      throw CocoaError(
        .featureUnsupported,
        userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log ?? "")"])
    }
    self.process = process
    self.port = port
  }

  deinit {
    // SIGKILL: a run in process blocks SIGTERM in every thread (its interruption handling), and
    // the child inherits the mask. nginx without a master process is one process.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The requests nginx served, one `METHOD URI STATUS` line each, once the log has settled:
  /// nginx logs a request after sending its response, so a client that has its answer can read
  /// the log before the line is there (seen: a first run's last PUT counted as the next run's).
  /// Every request asked before this call has been answered, so the log stops growing within
  /// moments; it is read until two reads 50 ms apart agree (at most 5 s).
  func requests() throws -> [String] {
    let file = folder.appendingPathComponent("access.log")
    var log = try String(contentsOf: file, encoding: .utf8)
    for _ in 0..<100 {
      Thread.sleep(forTimeInterval: 0.05)
      let again = try String(contentsOf: file, encoding: .utf8)
      if again == log { break }
      log = again
    }
    return log.split(separator: "\n").map(String.init)
  }

  /// Every file the cache holds, by path relative to ``root`` (none when one cannot be read,
  /// which fails the comparison that asked).
  func files() -> [String: Data] {
    (try? Scratch.regularFiles(under: root)) ?? [:]
  }

  private static func configuration(folder: URL, port: Int, _ behaviour: Behaviour) -> String {
    let temp = folder.appendingPathComponent("temp").path
    let location: String
    switch behaviour {
    case .store: location = "dav_methods PUT; create_full_put_path on;"
    case .failing: location = "return 500;"
    case .refusingEntries(let status):
      location = """
        dav_methods PUT; create_full_put_path on;
        }
        location /ep/ac/ {
          if ($request_method = PUT) { return \(status); }
        """
    case .refusingWrites: location = "if ($request_method = PUT) { return 403; }"
    case .requiring(let authorization):
      location = """
        if ($http_authorization != "\(authorization)") { return 401; }
        dav_methods PUT; create_full_put_path on;
        """
    }
    return """
      daemon off;
      master_process off;
      worker_processes 1;
      pid \(folder.path)/nginx.pid;
      error_log \(folder.path)/error.log;
      events { worker_connections 256; }
      http {
        log_format requests '$request_method $uri $status';
        access_log \(folder.path)/access.log requests;
        client_body_temp_path \(temp); proxy_temp_path \(temp); fastcgi_temp_path \(temp);
        uwsgi_temp_path \(temp); scgi_temp_path \(temp);
        client_max_body_size 0;
        server {
          listen 127.0.0.1:\(port);
          root \(folder.path)/root;
          location / { \(location) }
        }
      }
      """
  }
}

/// A loopback port nothing listened on a moment ago (the kernel's pick for port 0).
func freeLoopbackPort() throws -> Int {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard socket >= 0 else { throw POSIXError(.EMFILE) }
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
    }
  }
  guard bound else { throw POSIXError(.EADDRINUSE) }
  return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on the loopback `port` within twenty seconds, while
/// `process` runs.
func waitForListening(port: Int, while process: Process) -> Bool {
  let deadline = Date().addingTimeInterval(20)
  while Date() < deadline && process.isRunning {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    close(socket)
    if connected { return true }
    usleep(20_000)
  }
  return false
}
