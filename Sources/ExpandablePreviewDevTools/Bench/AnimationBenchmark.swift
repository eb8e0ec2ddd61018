@_spi(Benchmark) import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What the animation budget measures: a 0.35 s, 60 fps easeOut expansion of a text
/// that grows from 3 to 8 lines, against the two stills it runs between (rendered straight to
/// PNG). `bench --animation` prints it; tests only check the setup.
struct AnimationBenchmark: Sendable {
  /// Median thread CPU seconds of one animation (APNG bytes) and of the two stills together.
  let animationSeconds: Double
  let stillsSeconds: Double
  let animationBytes: Int
  let expandedStillBytes: Int
  let frames: Int
  /// The expanded state's line count (8 for the standard text).
  let expandedLines: Int

  /// Animation time over the two stills' time; APNG bytes over the expanded still's bytes.
  var timeRatio: Double { animationSeconds / stillsSeconds }
  var byteRatio: Double { Double(animationBytes) / Double(expandedStillBytes) }

  /// The figures with the two ratios, for `--json`.
  var json: [String: Double] {
    [
      "animationSeconds": animationSeconds, "stillsSeconds": stillsSeconds,
      "animationBytes": Double(animationBytes), "expandedStillBytes": Double(expandedStillBytes),
      "frames": Double(frames), "expandedLines": Double(expandedLines), "timeRatio": timeRatio,
      "byteRatio": byteRatio,
    ]
  }

  /// The figures and the budget (at most 5× the time, 4× the bytes) in words.
  var text: String {
    "animation: \(frames) frames (0.35 s easeOut at 60 fps, 3 → \(expandedLines) lines, 327 pt @2x)\n"
      + "  time:  \(BenchReport.format(animationSeconds * 1000, 2)) ms vs both stills "
      + "\(BenchReport.format(stillsSeconds * 1000, 2)) ms = \(BenchReport.format(timeRatio, 2))× "
      + "(budget 5×)\n"
      + "  bytes: \(animationBytes) B vs the expanded still \(expandedStillBytes) B = "
      + "\(BenchReport.format(byteRatio, 2))× (budget 4×)"
  }

  /// The component measured: three lines collapsed, eight expanded at 327 pt.
  static let component = ExpandableText(
    text:
      "An animated preview shows how the component opens: the text grows line by line while "
      + "the fade and the label ride along its bottom edge, until all of it is there. Designers "
      + "review the motion and the stills side by side, and tests keep both from drifting as the "
      + "renderer changes over time."
  ).lineLimit(3).expandAnimation(.easeOut)
  static let options = RenderOptions(width: 327, scale: 2, framesPerSecond: 60)

  /// Runs each side `repetitions` times (after one warm-up) and keeps the medians.
  static func run(repetitions: Int = 9) throws(RenderError) -> AnimationBenchmark {
    let renderer = try Renderer()
    var collapsedOptions = options
    collapsedOptions.state = .collapsed
    var expandedOptions = options
    expandedOptions.state = .expanded
    var animationTimes: [Double] = []
    var stillTimes: [Double] = []
    var animation: AnimationRenderResult? = nil
    var expanded: RenderResult? = nil
    for _ in 0...max(1, repetitions) {
      let stillStart = ThreadCPUClock.seconds
      _ = try renderer.renderPNG(component, options: collapsedOptions)
      expanded = try renderer.renderPNG(component, options: expandedOptions)
      stillTimes.append(ThreadCPUClock.seconds - stillStart)
      let animationStart = ThreadCPUClock.seconds
      animation = try renderer.renderAnimation(component, options: options)
      animationTimes.append(ThreadCPUClock.seconds - animationStart)
    }
    func median(_ values: [Double]) -> Double {
      values.dropFirst().sorted()[(values.count - 1) / 2]
    }
    return AnimationBenchmark(
      animationSeconds: median(animationTimes), stillsSeconds: median(stillTimes),
      animationBytes: animation!.apng.count, expandedStillBytes: expanded!.png!.count,
      frames: animation!.frames.count, expandedLines: expanded!.layout.lines)
  }
}
