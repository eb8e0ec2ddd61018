@_spi(Benchmark) import ExpandablePreview
import Testing

@Suite struct ScratchBench {
  @Test func bench() throws {
    let b = try AnimationBenchmark.run()
    print("BENCH lines", b.expandedLines, "frames", b.frames, "time", b.animationSeconds, b.stillsSeconds, b.timeRatio, "bytes", b.animationBytes, b.expandedStillBytes, b.byteRatio)
  }
}
