import Foundation
import Testing

/// The nginx set-up of Documentation/GoldenTesting.md, taken from the page as written: its
/// server block, its token commands, and the CI recipe's `verify` command with the recipe's
/// variables. A writer's uploads are accepted and fill the cache; without the token they are
/// refused.
@Suite struct DocumentedNginxCacheTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The text of the first fenced block of `language` after `heading` on the page.
  static func block(_ language: String, after heading: String, in page: String) throws -> String {
    let start = try #require(page.range(of: heading), "no \(heading)")
    let open = try #require(
      page.range(of: "```\(language)\n", range: start.upperBound..<page.endIndex))
    let close = try #require(page.range(of: "\n```", range: open.upperBound..<page.endIndex))
    return String(page[open.upperBound..<close.lowerBound])
  }

  /// The recipe's `verify` command: the folded lines after `- run: >` that hold it, joined.
  static func recipeCommand(in recipe: String) throws -> String {
    let lines = recipe.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(
      lines.indices.first {
        lines[$0].hasSuffix("- run: >") && lines[$0 + 1].contains("expandable-preview verify")
      })
    let indent = lines[start + 1].prefix { $0 == " " }.count
    let folded = lines[(start + 1)...].prefix { $0.prefix { $0 == " " }.count >= indent }
    return folded.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  @Test func theDocumentedSetUpAcceptsTheRecipesTokenAndFills() throws {
    guard let executable = NginxCache.executable else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return
    }
    let page = try String(
      contentsOf: Self.repository.appendingPathComponent("Documentation/GoldenTesting.md"),
      encoding: .utf8)
    let server = try Self.block("nginx", after: "### Servers", in: page)
    let tokenSteps = try Self.block("sh", after: "Make a writer's token", in: page)
    let recipe = try Self.block("yaml", after: "### The CI recipe", in: page)

    let scratch = try Scratch()
    let root = scratch.url.appendingPathComponent("root")
    let writers = scratch.url.appendingPathComponent("cache-writers.map")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("ep"), withIntermediateDirectories: true)
    // The token commands as documented, run without sudo and with the file in the scratch.
    let made = try CLI.run(
      [
        "-c",
        tokenSteps.replacingOccurrences(of: "sudo ", with: "")
          .replacingOccurrences(of: "/etc/nginx/cache-writers.map", with: writers.path)
          .replacingOccurrences(of: "nginx -s reload", with: "true"),
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
    let token = try #require(
      made.stdout.split(separator: "\n").last.map(String.init), "\(made.stderr)")
    #expect(made.status == 0 && token.count == 64, "\(made.stderr)")

    // nginx with the documented server block, in the scratch on a free port.
    let port = try freeLoopbackPort()
    let configured =
      server
      .replacingOccurrences(of: "listen 8080;", with: "listen 127.0.0.1:\(port);")
      .replacingOccurrences(of: "/var/cache/expandable-preview", with: root.path)
      .replacingOccurrences(of: "/etc/nginx/cache-writers.map", with: writers.path)
    #expect(configured.contains(root.path) && configured.contains(writers.path))
    let temp = scratch.url.appendingPathComponent("temp").path
    try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
    try """
    daemon off;
    master_process off;
    worker_processes 1;
    pid \(scratch.url.path)/nginx.pid;
    error_log \(scratch.url.path)/error.log;
    events { worker_connections 64; }
    http {
      log_format requests '$request_method $uri $status';
      access_log \(scratch.url.path)/access.log requests;
      client_body_temp_path \(temp); proxy_temp_path \(temp); fastcgi_temp_path \(temp);
      uwsgi_temp_path \(temp); scgi_temp_path \(temp);
    \(configured)
    }
    """.write(
      to: scratch.url.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
    let nginx = Process()
    nginx.executableURL = URL(fileURLWithPath: executable)
    nginx.arguments = [
      "-p", scratch.url.path, "-c", scratch.url.appendingPathComponent("nginx.conf").path,
      "-e", scratch.url.appendingPathComponent("error.log").path,
    ]
    nginx.standardOutput = FileHandle.nullDevice
    nginx.standardError = FileHandle.nullDevice
    try nginx.run()
    defer {
      kill(nginx.processIdentifier, SIGKILL)
      nginx.waitUntilExit()
    }
    try #require(
      waitForListening(port: port, while: nginx),
      "\((try? String(contentsOf: scratch.url.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")"
    )

    // The recipe's command on a push (a writer), in a copy of the examples and their goldens.
    for folder in ["Examples", "Snapshots/examples"] {
      let copy = scratch.url.appendingPathComponent(folder)
      try FileManager.default.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: copy)
    }
    let command = try Self.recipeCommand(in: recipe)
      .replacingOccurrences(of: "swift run -c release expandable-preview", with: "\"$0\"")
      .replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
      .replacingOccurrences(
        of: "${{ github.event_name == 'pull_request' && '--cache-read-only' || '' }}", with: "")
    #expect(!command.contains("${{"), "\(command)")
    let url = "http://127.0.0.1:\(port)/ep"
    let cacheFiles = {
      (try? Scratch.regularFiles(under: root.appendingPathComponent("ep"))) ?? [:]
    }
    // Without the token every upload is refused: one warning, nothing stored.
    let refused = try CLI.run(
      ["-c", command, CLI.executable.path], in: scratch.url,
      executable: URL(fileURLWithPath: "/bin/sh"),
      environment: ["EXPANDABLE_PREVIEW_CACHE": url])
    #expect(refused.status == 0, "\(refused.stderr)")
    #expect(refused.stderr.contains("refused an upload (HTTP 401)"), "\(refused.stderr)")
    #expect(cacheFiles().isEmpty)
    try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("blob-1"))
    // A fresh checkout: no key record from the run before.
    try? FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent(
        "Snapshots/examples/.expandable-preview-golden-keys.json"))
    let writer = try CLI.run(
      ["-c", command, CLI.executable.path], in: scratch.url,
      executable: URL(fileURLWithPath: "/bin/sh"),
      environment: ["EXPANDABLE_PREVIEW_CACHE": url, "EXPANDABLE_PREVIEW_CACHE_TOKEN": token])
    #expect(writer.status == 0, "\(writer.stderr)")
    #expect(SharedCacheFixture.warnings(writer).isEmpty, "\(writer.stderr)")
    // The font check and a pass for every golden of the shard.
    #expect(cacheFiles().count > 1, "\(cacheFiles().keys.sorted())")
  }
}
