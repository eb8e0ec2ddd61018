import Foundation
import Testing

/// Runs the built `expandable-preview` executable, as a user would (and the developer tool,
/// `expandable-preview-dev`).
enum CLI {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The executable in the build products folder, next to the test bundle.
  static let executable = built("expandable-preview")
  /// The developer tool (bench, stress, fuzz-replay), beside it.
  static let developerExecutable = built("expandable-preview-dev")

  /// The built product `name`, next to the test bundle.
  private static func built(_ name: String) -> URL {
    var folders: [URL] = []
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    folders.append(Bundle.main.bundleURL)
    folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for folder in folders {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    fatalError("\(name) not found next to the test bundle in \(folders)")
  }

  /// Variables the tool reads to choose a record mode, an artifacts folder or a shared cache;
  /// never inherited from the environment that runs the tests, so a test sets them explicitly
  /// when it wants them.
  static let controlVariables: Set<String> = [
    "CI", "EXPANDABLE_PREVIEW_RECORD", "EXPANDABLE_PREVIEW_ARTIFACTS", "EXPANDABLE_PREVIEW_CACHE",
    "EXPANDABLE_PREVIEW_CACHE_TOKEN",
  ]

  /// The child's environment: this process's without ``controlVariables``, plus `extra`.
  static func environment(_ extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.filter { !controlVariables.contains($0.key) }
      .merging(extra) { $1 }
  }

  /// Runs the tool with `arguments` in `folder`; standard output and error go through files
  /// so a full pipe can never block the child.
  static func run(
    _ arguments: [String], in folder: URL, executable: URL = executable,
    environment extra: [String: String] = [:]
  ) throws -> Output {
    try capturingOutput { outHandle, errHandle in
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = folder
      process.environment = environment(extra)
      process.standardOutput = outHandle
      process.standardError = errHandle
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }
}

extension CLI {
  /// Runs `body` with standard output and error handles onto fresh files (a full pipe can never
  /// block a writer), then reads both back with the status `body` returned.
  static func capturingOutput(
    _ body: (_ output: FileHandle, _ error: FileHandle) throws -> Int32
  ) throws -> Output {
    let id = UUID().uuidString
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(id).out")
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(id).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let status = try body(outHandle, errHandle)
    try outHandle.close()
    try errHandle.close()
    return Output(
      status: status,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

/// Runs the tool through `/bin/sh -c SCRIPT` (the tool's path is `$0`), for redirections and
/// limits; gives up after `timeout` seconds, killing the child, so a hang fails the test.
func shell(_ script: String, _ arguments: [String], in scratch: Scratch, timeout: Double = 120)
  throws -> CLI.Output
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script, CLI.executable.path] + arguments
  process.currentDirectoryURL = scratch.url
  process.environment = CLI.environment([:])
  let err = scratch.url.appendingPathComponent("shell.err")
  _ = FileManager.default.createFile(atPath: err.path, contents: nil)
  process.standardError = try FileHandle(forWritingTo: err)
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return CLI.Output(status: -1, stdout: "", stderr: "timed out after \(timeout) s")
  }
  return CLI.Output(
    status: process.terminationStatus, stdout: "",
    stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
}

/// A temporary folder for one test, removed when the test ends.
final class Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `text` to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Runs the tool's command line in this folder, in process (``CLI/runInProcess(_:in:environment:)``).
  func run(_ arguments: String...) throws -> CLI.Output {
    try CLI.runInProcess(arguments, in: url)
  }

  /// Runs the developer tool's command line in this folder, in process.
  func runDeveloperTool(_ arguments: String...) throws -> CLI.Output {
    try CLI.runInProcess(arguments, in: url, developerTool: true)
  }

  /// Runs the built executable in this folder, for a case that needs a process of its own.
  func runExecutable(_ arguments: String...) throws -> CLI.Output {
    try CLI.run(arguments, in: url)
  }

  /// Runs the built executable in this folder with `environment` added to its environment.
  func runExecutable(environment: [String: String], _ arguments: String...) throws -> CLI.Output {
    try CLI.run(arguments, in: url, environment: environment)
  }

  /// Every regular file under `folder` (relative paths, sorted) with its bytes, but for the
  /// no-op record: it is made of the stamps of the folder's own files (inodes, times), which
  /// no two folders or runs share (NoOpShortcutTests reads it where it matters).
  func files(in folder: String) throws -> [String: Data] {
    try Self.regularFiles(under: url.appendingPathComponent(folder)).filter {
      $0.key != ".expandable-preview-no-op"
    }
  }

  /// Every regular file under `root` (paths relative to it) with its bytes.
  static func regularFiles(under root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let full = root.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: full.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files[path] = try Data(contentsOf: full)
      }
    }
    return files
  }

  /// A JSON file under the folder, parsed.
  func json(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: url.appendingPathComponent(path))
    return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}

/// The width and height in a PNG's IHDR chunk.
func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
  let bytes = [UInt8](data)
  try #require(bytes.count > 24)
  #expect(bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  func int(_ at: Int) -> Int {
    bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (int(16), int(20))
}
