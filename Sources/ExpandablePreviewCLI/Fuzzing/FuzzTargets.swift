import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation

/// The libFuzzer targets, in the tool itself so the manifest decoder can be fuzzed where it
/// lives. Built with `-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING` (see "Fuzzing" in
/// Documentation/Robustness.md); `EXPANDABLE_PREVIEW_FUZZ` picks `layout` (default) or `manifest`.
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
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_FUZZ"] == "manifest" {
      FuzzTargets.manifest(bytes)
    } else {
      FuzzTargets.layout(bytes)
    }
    return 0
  }

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
