import ExpandablePreviewSupport
import Foundation
import TestSupport
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// Runs of the tool in one process at the same time each write to their own streams: what one
/// run prints (on its own thread or on its worker pool's) never lands in another's.
@Suite struct ParallelRunsTests {
  typealias RunResult = (status: Int32, output: String, errors: String)

  /// Runs `arguments` in process (with the commands of `registry`) with standard output and
  /// error in two files of `folder`; with `directory`, relative paths resolve against it.
  static func run(
    _ arguments: [String], in folder: URL, directory: URL? = nil,
    registry: CommandRegistry = .standard
  ) throws -> RunResult {
    let outputFile = folder.appendingPathComponent("standard-output")
    let errorsFile = folder.appendingPathComponent("standard-error")
    let output = open(outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let error = open(errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(output)
      close(error)
    }
    let status = runTool(
      arguments, in: registry, streams: ToolStreams(output: output, error: error),
      environment: ProcessInfo.processInfo.environment, directory: directory)
    return (
      status, try String(contentsOf: outputFile, encoding: .utf8),
      try String(contentsOf: errorsFile, encoding: .utf8)
    )
  }

  @Test func runsAtTheSameTimeKeepTheirOwnErrors() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let runs = 12
    let results = Locked<[Int: Result<RunResult, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: runs) { index in
      let result = Result {
        let folder = root.appendingPathComponent("run-\(index)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let missing = folder.appendingPathComponent("missing-\(index).ttf").path
        return try Self.run(
          [
            "render", "--text", "Run \(index)", "--out",
            folder.appendingPathComponent("a.png").path,
            "--fonts", missing,
          ], in: folder)
      }
      results.withLock { $0[index] = result }
    }
    for (index, result) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
      let (status, output, errors) = try result.get()
      #expect(status == 2, "run \(index): \(errors)")
      #expect(output == "", "run \(index)")
      // Exactly one line, naming this run's own file.
      #expect(errors.split(separator: "\n").count == 1, "run \(index): \(errors)")
      #expect(errors.contains("/run-\(index)/missing-\(index).ttf"), "run \(index): \(errors)")
    }
  }

  /// A manifest's progress is printed by the worker pool's threads, which inherit nothing
  /// from the run that started them.
  @Test func runsAtTheSameTimeKeepTheirOwnProgressFromWorkerThreads() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let runs = 6
    let results = Locked<[Int: Result<RunResult, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: runs) { index in
      let result = Result {
        let folder = root.appendingPathComponent("run-\(index)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("m.json")
        try Data(
          #"{"defaults": {"width": 120}, "items": [{"name": "item-\#(index)", "text": "Words \#(index)"}]}"#
            .utf8
        ).write(to: manifest)
        return try Self.run(
          [
            "render", manifest.path, "--out", folder.appendingPathComponent("out").path,
            "--jobs", "2",
          ], in: folder)
      }
      results.withLock { $0[index] = result }
    }
    for (index, result) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
      let (status, output, errors) = try result.get()
      #expect(status == 0, "run \(index): \(errors)")
      let lines = output.split(separator: "\n")
      let progress = lines.filter { $0.hasPrefix("[") }
      #expect(progress.count == 2, "run \(index): \(output)")
      #expect(
        progress.allSatisfy { $0.contains(" item-\(index)/") }, "run \(index): \(output)")
      #expect(
        lines.contains {
          $0.hasPrefix("Rendered 2 of 2 files") && $0.hasSuffix("/run-\(index)/out")
        },
        "run \(index): \(output)")
    }
  }

  /// Each run reads and writes relative paths in its own folder, with no `chdir`: two runs at
  /// once with the same relative names each find their own manifest and fill their own `out`.
  @Test func relativePathsResolveAgainstEachRunsOwnFolder() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let workingDirectoryOut = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath
    ).appendingPathComponent("out-\(UUID().uuidString)")
    let runs = 4
    let results = Locked<[Int: Result<RunResult, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: runs) { index in
      let result = Result {
        let folder = root.appendingPathComponent("run-\(index)")
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent("texts"), withIntermediateDirectories: true)
        try Data("Words of run \(index)".utf8).write(
          to: folder.appendingPathComponent("texts/a.txt"))
        try Data(
          #"{"items": [{"name": "item-\#(index)", "textFile": "texts/a.txt"}]}"#.utf8
        ).write(to: folder.appendingPathComponent("m.json"))
        return try Self.run(
          ["render", "m.json", "--out", workingDirectoryOut.lastPathComponent], in: folder,
          directory: folder)
      }
      results.withLock { $0[index] = result }
    }
    for (index, result) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
      let (status, _, errors) = try result.get()
      #expect(status == 0, "run \(index): \(errors)")
      let out = root.appendingPathComponent("run-\(index)")
        .appendingPathComponent(workingDirectoryOut.lastPathComponent)
      let items = try FileManager.default.contentsOfDirectory(atPath: out.path)
        .filter { !$0.hasPrefix(".") && $0 != "index.html" }
      #expect(items == ["item-\(index)"], "run \(index)")
    }
    #expect(!FileManager.default.fileExists(atPath: workingDirectoryOut.path))
  }
}
