// libFuzzer entry point over layout and truncation. Built with
// `-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING`, libFuzzer supplies main(); built plainly,
// this program replays the input files given as arguments.
import ExpandablePreview
import ExpandablePreviewFuzzing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = LayoutFuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  let problems = LayoutInvariants.violations(of: input, renderer: Renderer())
  if !problems.isEmpty {
    fatalError("invariants broken: \(problems.joined(separator: "; "))")
  }
  return 0
}

#if FUZZING
  // SwiftPM links executables with `main` aliased to `<module>_main`, so libFuzzer's own main()
  // is never pulled in; start its driver from here instead.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt

  @_cdecl("expandable_preview_fuzz_main")
  func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { fuzzOneInput($0, $1) }
  }
#else
  /// Replays the input files given as arguments, as the corpus test does.
  @main enum Replay {
    static func main() {
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(2)
        }
        let bytes = [UInt8](data)
        _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress!, $0.count) }
      }
    }
  }
#endif
