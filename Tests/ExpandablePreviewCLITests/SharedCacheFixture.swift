import Foundation
import Testing

/// What the shared cache's tests share: a small manifest, runs with and without `--cache`, and
/// the facts a test checks after each (files, warnings, keys).
struct SharedCacheFixture {
  let scratch: Scratch
  let cache: NginxCache

  /// Nil, with a note saying why, when nginx is not installed.
  init?(_ behaviour: NginxCache.Behaviour = .store) throws {
    guard let cache = try NginxCache(behaviour) else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return nil
    }
    self.cache = cache
    scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
  }

  /// Three items, each text cut when collapsed, so no two jobs share a file.
  static let manifest = IncrementalRenderTests.manifest(texts: [
    "The first item, with a text long enough to be cut at two lines at this width.",
    "A longer text that wraps over several lines at this narrow width.",
    "Third item, also long enough to be cut when collapsed at two lines here.",
  ])

  /// `render m.json --out OUT` with `extra` options, in process.
  func render(_ out: String, _ extra: [String] = [], environment: [String: String] = [:])
    throws -> CLI.Output
  {
    try CLI.runInProcess(
      ["render", "m.json", "--out", out, "--jobs", "2"] + extra, in: scratch.url,
      environment: environment)
  }

  /// The files of `out` a run with or without a cache must write alike: all but the two
  /// records, whose stamps depend on when files were read.
  func outputFiles(_ out: String) throws -> [String: Data] {
    try scratch.files(in: out).filter {
      $0.key != ".expandable-preview-render.json" && $0.key != ".expandable-preview-font-check.json"
    }
  }

  /// The job key `out`'s render record holds for the job whose first file is `path`.
  func jobKey(_ path: String, in out: String) throws -> String {
    let data = try Data(
      contentsOf: scratch.url.appendingPathComponent(out + "/.expandable-preview-render.json"))
    let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let jobs = try #require(record["jobs"] as? [String: Any])
    let entry = try #require(jobs[path] as? [Any])
    return try #require(entry.first as? String)
  }

  /// The path in the cache of the blob holding `out/path`'s bytes.
  func blobPath(of path: String, in out: String) throws -> URL {
    let data = try Data(contentsOf: scratch.url.appendingPathComponent(out + "/" + path))
    return cache.root.appendingPathComponent("cas/" + sha256(data))
  }

  /// The path in the cache of the action-cache entry that names `out/path`'s blob.
  func entryPath(of path: String, in out: String) throws -> URL {
    let digest = try blobPath(of: path, in: out).lastPathComponent
    let entry = try #require(
      cache.files().first {
        $0.key.hasPrefix("ac/") && String(decoding: $0.value, as: UTF8.self).contains(digest)
      })
    return cache.root.appendingPathComponent(entry.key)
  }

  /// The lines of `stderr` that are warnings.
  static func warnings(_ output: CLI.Output) -> [String] {
    output.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
  }
}

/// The SHA-256 of `data` in lowercase hexadecimal, through `sha256sum` (the tests' own check,
/// apart from the tool's).
func sha256(_ data: Data) -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try? process.run()
  input.fileHandleForWriting.write(data)
  try? input.fileHandleForWriting.close()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return String(text.prefix(64))
}
