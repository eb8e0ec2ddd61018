import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation

/// The libFuzzer targets, in the developer tool, which links the engine's manifest decoder and
/// record readers as the user's tool does. Built with `-sanitize=fuzzer -DFUZZING` (the toolset
/// Scripts/fuzz-toolset.json; see "Fuzzing" in Documentation/Robustness.md); `EXPANDABLE_PREVIEW_FUZZ` picks `layout` (default), `manifest`,
/// `render-record` or `layout-record`.
public enum FuzzTargets {
  /// Layout and truncation of random text, widths, fonts and line limits: every invariant of
  /// ``LayoutInvariants`` must hold.
  static func layout(_ bytes: [UInt8]) {
    let problems = LayoutInvariants.violations(
      of: LayoutFuzzInput(bytes), renderer: pinnedRenderer())
    if !problems.isEmpty {
      fatalError("layout invariants broken: \(problems.joined(separator: "; "))")
    }
  }

  /// The renderer every input runs with; without the pinned fonts there is nothing to fuzz.
  private static func pinnedRenderer() -> Renderer {
    do { return try Renderer() } catch { fatalError("cannot pin the standard fonts: \(error)") }
  }

  /// The manifest decoder on arbitrary bytes: it either reports errors or yields items whose
  /// names are safe file names and whose jobs lay out or fail with an error, never a crash.
  static func manifest(_ bytes: [UInt8]) {
    let source = ManifestSource(
      path: fuzzFolder.appendingPathComponent("m.json").path, bytes: bytes)
    guard let manifest = try? ManifestDecoder.decode(source) else { return }
    for item in manifest.items {
      if let problem = ItemName.problem(with: item.name) {
        fatalError("decoder accepted the unsafe name '\(item.name)': \(problem)")
      }
    }
    guard let plan = try? BatchPlan(manifest: manifest, only: nil, shard: nil) else { return }
    let renderer = pinnedRenderer()
    for job in plan.jobs.prefix(2) {
      if job.file.contains("/") || job.file.hasPrefix(".") {
        fatalError("unsafe output file name '\(job.file)'")
      }
      _ = try? renderer.layout(of: job.component, options: job.options)
    }
  }

  /// The render record reader on arbitrary bytes (``RenderRecordFuzzCheck``): no crash, damage
  /// in plain words or a fresh record, a job kept only with exactly its own files.
  static func renderRecord(_ bytes: [UInt8]) {
    let problems = RenderRecordFuzzCheck.violations(ofRecord: bytes)
    if !problems.isEmpty {
      fatalError("render record checks broken: \(problems.joined(separator: "; "))")
    }
  }

  /// The layout record reader on arbitrary bytes: an error in plain words, or a record whose
  /// changes against another are worded and which reads back as itself once written.
  static func layoutRecord(_ bytes: [UInt8]) {
    let record: LayoutRecord
    do { record = try LayoutRecord(jsonData: Data(bytes)) } catch {
      let words = "\(error)"
      if RenderRecordFuzzCheck.swiftWords.contains(where: words.contains) {
        fatalError("a layout record's error is not in plain words: \(words)")
      }
      return
    }
    // The input's facts in other places, so that any two of them are compared.
    let reference = LayoutRecord(
      still: record.expanded, collapsed: record.still, expanded: record.collapsed,
      frameHeights: record.frameHeights?.reversed(), fonts: [])
    for change in record.changes(to: reference) + reference.changes(to: record) {
      _ = change.description
    }
    guard let again = try? LayoutRecord(jsonData: record.jsonData()), again == record else {
      fatalError("a layout record written and read again differs")
    }
  }

  /// Runs `bytes` through the checks of `target`.
  static func run(_ target: FuzzReplayCommand.Target, _ bytes: [UInt8]) {
    switch target {
    case .layout: layout(bytes)
    case .manifest: manifest(bytes)
    case .renderRecord: renderRecord(bytes)
    case .layoutRecord: layoutRecord(bytes)
    }
  }

  /// A folder with a text file and a link leading out of it, so `textFile` paths meet both.
  static let fuzzFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? Data("A text file for the fuzzer.\n".utf8).write(
      to: folder.appendingPathComponent("t.txt"))
    try? FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("out.txt").path, withDestinationPath: "/etc/hostname")
    return folder
  }()
}

#if FUZZING
  /// libFuzzer calls this for every input.
  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.run(fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }

  /// The target `EXPANDABLE_PREVIEW_FUZZ` names; an unknown name stops before fuzzing.
  let fuzzTarget: FuzzReplayCommand.Target = {
    let name = ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_FUZZ"] ?? "layout"
    guard let target = FuzzReplayCommand.Target(rawValue: name) else {
      fatalError(
        "EXPANDABLE_PREVIEW_FUZZ=\(name): expected one of layout, manifest, render-record, layout-record"
      )
    }
    return target
  }()

  // SwiftPM links executables with `main` aliased to `<module>_main`, so libFuzzer's own main()
  // is never pulled in; main.swift starts its driver instead.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt

  extension FuzzTargets {
    public static func runDriver() -> Int32 {
      var count = CommandLine.argc
      var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      return runFuzzerDriver(&count, &arguments) { fuzzOneInput($0, $1) }
    }
  }
#endif
