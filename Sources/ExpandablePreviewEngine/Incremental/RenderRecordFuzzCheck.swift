import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The render record fuzz target's checks ("Fuzzing" in Documentation/Robustness.md): the bytes
/// are put where `render` finds its record, in an output folder holding a small plan's files,
/// and read and used as a run uses them. Whatever the bytes: no crash; damage is a fresh record
/// or an error in plain words; a job is kept only when its entry names exactly its own files
/// with their bytes; a record read and written again reads back the same.
package enum RenderRecordFuzzCheck {
  /// What one input did: the jobs and `layout.json` files the record let a run keep, and the
  /// problems found (none when every check held).
  package struct Outcome: Equatable {
    package var keptJobs = 0
    package var keptReports = 0
    package var problems: [String] = []
  }

  /// The problems found with `bytes` as the record; empty when every check held.
  package static func violations(ofRecord bytes: [UInt8]) -> [String] {
    check(record: bytes).problems
  }

  /// Reads `bytes` as the record and uses it as a run would.
  package static func check(record bytes: [UInt8]) -> Outcome {
    let scene = Scene.shared
    do {
      try scene.output.write(Data(bytes), to: RenderRecord.fileName)
    } catch {
      return Outcome(problems: ["cannot write the record to \(scene.output.path): \(error)"])
    }
    let record: RenderRecord
    do {
      record = try RenderRecord.read(in: scene.output)
    } catch {
      let words = "\(error)"
      return Outcome(
        problems: swiftWords.contains(where: words.contains)
          ? ["the record's error is not in plain words: \(words)"] : [])
    }
    var outcome = Outcome()
    var problems: [String] = []
    for job in scene.plan.jobs {
      guard let key = record.jobs[job.relativePath]?.key,
        let kept = record.unchangedEntry(of: job, key: key, in: scene.output, now: .max)
      else { continue }
      outcome.keptJobs += 1
      if Set(kept.files.keys) != Set(job.writtenPaths) {
        problems.append("\(job.relativePath) kept with files \(kept.files.keys.sorted())")
      }
      for (path, hash) in kept.files where scene.hashes[path] != hash {
        problems.append("\(job.relativePath) kept though \(path) does not have the hash \(hash)")
      }
    }
    for item in Set(record.reports.keys).union(["a", "b"]) {
      guard let kept = record.keptReport(of: item, in: scene.output, now: .max) else { continue }
      outcome.keptReports += 1
      if item != "a" || kept.report.sha256 != scene.layoutHash {
        problems.append("the layout.json of '\(item)' kept with the hash \(kept.report.sha256)")
      }
    }
    problems += roundTripProblems(record, in: scene.output)
    outcome.problems = problems
    return outcome
  }

  /// Swift's decoding words, which no message may show.
  package static let swiftWords = [
    "DecodingError", "CodingKeys", "typeMismatch", "dataCorrupted", "Swift.",
  ]

  /// A record written and read again must be the same record.
  private static func roundTripProblems(_ record: RenderRecord, in folder: FolderHandle)
    -> [String]
  {
    do {
      try record.write(in: folder)
      let again = try RenderRecord.read(in: folder)
      return again == record && again.reports == record.reports
        ? [] : ["a record written and read again differs"]
    } catch {
      return ["a record read cannot be written and read again: \(error)"]
    }
  }

  /// An output folder as a run of a two-item manifest left it: each job's files with known
  /// bytes and item `a`'s `layout.json` of one render.
  private final class Scene: Sendable {
    static let shared = Scene()
    let output: FolderHandle
    let plan: BatchPlan
    /// Each file's SHA-256, by its path in the output folder.
    let hashes: [String: String]
    let layoutHash: String

    private static func root() -> URL {
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "expandable-preview-fuzz-record-\(getpid())")
    }

    private init() {
      let root = Self.root()
      // The folder lives as long as the process (fuzzer, replay or test run), then goes.
      atexit { try? FileManager.default.removeItem(at: Scene.root()) }
      let manifest = """
        {"items":[{"name":"a","text":"Hello","states":["collapsed","expanded"]},
        {"name":"b","text":"Hi"}]}
        """
      do {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        output = try FolderHandle(path: root.path)
        plan = try BatchPlan(
          manifest: ManifestDecoder.decode(
            ManifestSource(
              path: root.appendingPathComponent("m.json").path, bytes: Array(manifest.utf8))),
          only: nil, shard: nil)
        var hashes: [String: String] = [:]
        for job in plan.jobs {
          let folder = try output.subfolder(job.itemName)
          for path in job.writtenPaths {
            let bytes = Data("the bytes of \(path)\n".utf8)
            try folder.write(bytes, to: String(path.split(separator: "/").last!))
            hashes[path] = SHA256Digest.hex(of: bytes)
          }
        }
        self.hashes = hashes
        let layout = Data("{\n  \"renders\" : [\n    {\n    }\n  ]\n}\n".utf8)
        try output.subfolder("a").write(layout, to: "layout.json")
        layoutHash = SHA256Digest.hex(of: layout)
      } catch {
        fatalError("cannot set up the render record fuzz folder in \(root.path): \(error)")
      }
    }
  }
}
