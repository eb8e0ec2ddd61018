import ExpandablePreviewSupport
import Foundation
import TestSupport
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// Off a terminal the progress output is one line per file, written in batches: a run of
/// thousands of files makes a few writes, not one per file, and the lines are the same.
@Suite struct ProgressBatchTests {
  /// A reporter in the plain-lines style writing into files of `folder`, with lines held
  /// for an hour (so only their bytes, a failure or the end write them), and the streams.
  static func reporter(in folder: URL) -> (ProgressReporter, ToolStreams, output: URL, error: URL) {
    let output = folder.appendingPathComponent("standard-output")
    let error = folder.appendingPathComponent("standard-error")
    let streams = ToolStreams(
      output: open(output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
      error: open(error.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
    let reporter = Console.$streams.withValue(streams) {
      ProgressReporter(total: 100, style: .lines, batchInterval: .seconds(3600))
    }
    return (reporter, streams, output, error)
  }

  @Test func aHundredFilesAreOneWriteOfAHundredLines() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (reporter, streams, output, _) = Self.reporter(in: folder)
    defer {
      close(streams.output)
      close(streams.error)
    }
    for index in 0..<100 {
      reporter.fileFinished(FinishedFile(paths: ["i\(index)/a.png"], unchanged: index == 7))
    }
    #expect(streams.outputWrites.value == 0)
    reporter.end()
    #expect(streams.outputWrites.value == 1)
    let expected = (0..<100).map {
      "[\($0 + 1)/100] i\($0)/a.png" + ($0 == 7 ? " (unchanged)" : "") + "\n"
    }.joined()
    #expect(try String(contentsOf: output, encoding: .utf8) == expected)
  }

  /// A failure's line on standard error comes after the lines of the files before it.
  @Test func aFailureWritesTheLinesHeldFirst() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (reporter, streams, output, error) = Self.reporter(in: folder)
    defer {
      close(streams.output)
      close(streams.error)
    }
    reporter.fileFinished(FinishedFile(paths: ["i0/a.png"]))
    reporter.fileFinished(FinishedFile(paths: ["i1/a.png"]))
    reporter.fileFinished(FinishedFile(paths: ["i2/a.png"], failure: "no space left"))
    #expect(streams.outputWrites.value == 1)
    #expect(
      try String(contentsOf: output, encoding: .utf8) == "[1/100] i0/a.png\n[2/100] i1/a.png\n")
    #expect(
      try String(contentsOf: error, encoding: .utf8) == "error: i2/a.png: no space left\n")
    reporter.end()
    #expect(streams.outputWrites.value == 1)
  }

  /// Lines held past their bound in bytes are written without waiting for the end.
  @Test func linesBeyondTheBoundAreWrittenAtOnce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (reporter, streams, output, _) = Self.reporter(in: folder)
    defer {
      close(streams.output)
      close(streams.error)
    }
    let path = String(repeating: "x", count: 1000) + "/a.png"
    for _ in 0..<100 { reporter.fileFinished(FinishedFile(paths: [path])) }
    let written = streams.outputWrites.value
    #expect(written >= 1 && written < 100)
    reporter.end()
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 100 && lines.last == "[100/100] \(path)")
  }
}
