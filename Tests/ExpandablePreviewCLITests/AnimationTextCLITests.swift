import ExpandablePreview
import Foundation
import Testing

/// `render --text --animate`: the animated PNG, `--frames` (and the frames it leaves or removes
/// in a folder of an earlier run) and `--print-layout`, and the mistakes it refuses.
@Suite struct AnimationTextCLITests {
  @Test func renderTextAnimateWritesTheAPNGTheFramesAndTheLayout() throws {
    let scratch = try Scratch()
    let result = try scratch.run(
      "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--animate",
      "easeOut",
      "--out", "a.png", "--frames", "frames", "--print-layout")
    #expect(result.status == 0, "\(result.stderr)")
    let animation = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("a.png")))
    #expect(animation.frames.count == 22, "round(0.35 × 60) + 1")
    let frames = try scratch.files(in: "frames")
    #expect(frames.keys.sorted() == (0..<22).map { String(format: "frame-%03d.png", $0) })
    for (index, frame) in animation.frames.enumerated() {
      let file = try #require(frames[String(format: "frame-%03d.png", index)])
      #expect(try Image(pngData: file) == frame.image, "frame \(index)")
    }
    // The first frame is the collapsed still (on the taller canvas), the last the expanded one.
    for (state, frame) in [
      ("collapsed", animation.frames.first!), ("expanded", animation.frames.last!),
    ] {
      #expect(
        try scratch.run(
          "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--state",
          state,
          "--out", "\(state).png"
        ).status == 0)
      let still = try Image(
        pngData: Data(contentsOf: scratch.url.appendingPathComponent("\(state).png")))
      #expect(Array(frame.image.rgba.prefix(still.rgba.count)) == still.rgba, "\(state)")
    }
    let printed = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let layout = try #require((printed["renders"] as? [[String: Any]])?.first)
    let entries = try #require(layout["frames"] as? [[String: Double]])
    #expect(entries.count == 22)
    #expect(entries.first?["time"] == 0)
    let size = try #require(layout["size"] as? [String: Double])
    #expect(entries.last?["height"] == size["height"])
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0["height"]! <= $1["height"]! })
  }

  @Test func renderTextRefusesAnimationMistakesClearly() throws {
    let scratch = try Scratch()
    let cases: [([String], String)] = [
      (
        ["--state", "collapsing", "--animate", "easeOut", "--less", "null"],
        "--state: collapsing needs a collapse label to tap: add --less TEXT"
      ),
      (["--state", "expanding"], "--state: 'expanding' needs an animation: add --animate CURVE"),
      (["--fps", "30"], "--fps needs --animate CURVE"),
      (["--animate", "bounce"], "--animate: unknown value 'bounce'"),
      (["--animate", "easeOut", "--fps", "500"], "--fps: must be 1 to 240, got 500"),
      (["--frames", "f"], "--frames writes an animation's frames: add --animate CURVE"),
    ]
    for (flags, message) in cases {
      let result = try CLI.runInProcess(
        ["render", "--text", "Hi", "--out", "a.png"] + flags, in: scratch.url)
      #expect(result.status == 2, "\(flags)")
      #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
    }
  }

  /// A shorter animation written into a folder of a longer one leaves exactly its own frames;
  /// files the command does not write stay.
  @Test func framesOfAnEarlierLongerAnimationAreRemoved() throws {
    let scratch = try Scratch()
    try scratch.write("frames/notes.txt", "mine")
    try scratch.write("frames/frame-7.png", "not a name the command writes")
    let spring = try scratch.run(
      "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--line-limit",
      "2",
      "--animate", "spring", "--out", "a.png", "--frames", "frames")
    #expect(spring.status == 0, "\(spring.stderr)")
    let springFrames = try scratch.files(in: "frames").keys.filter { $0.hasPrefix("frame-0") }
    let easeOut = try scratch.run(
      "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--line-limit",
      "2",
      "--animate", "easeOut", "--out", "b.png", "--frames", "frames")
    #expect(easeOut.status == 0, "\(easeOut.stderr)")
    #expect(springFrames.count > 22, "the first animation must be the longer one")
    #expect(
      try scratch.files(in: "frames").keys.sorted()
        == (0..<22).map { String(format: "frame-%03d.png", $0) } + ["frame-7.png", "notes.txt"])
  }

  /// A user's folder or link named like a stale frame is not a frame the command wrote: it
  /// stays, with what it holds.
  @Test func aFolderNamedLikeAStaleFrameSurvives() throws {
    let scratch = try Scratch()
    try scratch.write("frames/frame-060.png/keep.txt", "the user's file")
    try scratch.write("elsewhere.txt", "linked to")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.url.appendingPathComponent("frames/frame-061.png").path,
      withDestinationPath: "../elsewhere.txt")
    let result = try scratch.run(
      "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--line-limit",
      "2",
      "--animate", "easeOut", "--out", "a.png", "--frames", "frames")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try scratch.files(in: "frames").keys.contains("frame-060.png/keep.txt"))
    let link = scratch.url.appendingPathComponent("frames/frame-061.png").path
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../elsewhere.txt")
    #expect(try scratch.files(in: ".")["elsewhere.txt"] == Data("linked to".utf8))
  }
}
