import ExpandablePreview
import Foundation
import Testing

/// Animations through the tool: `render --text --animate`, the manifest's `animation` and
/// `expanding` / `collapsing` states, `layout.json`, the gallery, `verify` and `bench`.
@Suite struct AnimationCLITests {
  static let text =
    "An animated preview shows how the component opens: the text grows line by line while the "
    + "fade and the label ride along its bottom edge, until all of it is there."

  /// A manifest of one item `x` at scale 1 and width 200 with `settings` added to it.
  static func manifest(_ settings: String) -> String {
    """
    {"defaults": {"width": 200, "scale": 1, "lineLimit": 2},
     "items": [{"name": "x", "text": "\(text)"\(settings.isEmpty ? "" : ", " + settings)}]}
    """
  }

  @Test func renderTextAnimateWritesTheAPNGTheFramesAndTheLayout() throws {
    let scratch = try Scratch()
    let result = try scratch.run(
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--animate", "easeOut",
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
          "render", "--text", Self.text, "--width", "200", "--scale", "1", "--state", state,
          "--out", "\(state).png"
        ).status == 0)
      let still = try Image(
        pngData: Data(contentsOf: scratch.url.appendingPathComponent("\(state).png")))
      #expect(Array(frame.image.rgba.prefix(still.rgba.count)) == still.rgba, "\(state)")
    }
    let layout = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
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

  @Test func aManifestRendersExpandingAndCollapsingWithFramesInLayoutJSON() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      Self.manifest(
        #""collapseButton": "less", "animation": {"curve": "easeOut", "duration": 0.2, "fps": 30}, "states": ["collapsed", "expanding", "collapsing"]"#
      ))
    let result = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out")
    #expect(
      Set(files.keys)
        == [
          "index.html", ".expandable-preview-render.json", ".expandable-preview-font-check.json",
          "x/layout.json", "x/collapsed@1x.png", "x/expanding@1x.png",
          "x/collapsing@1x.png",
        ])
    for name in ["expanding", "collapsing"] {
      let animation = try APNGAnimation(data: try #require(files["x/\(name)@1x.png"]))
      #expect(animation.frames.count == 7, "round(0.2 × 30) + 1")
      #expect(animation.frames.allSatisfy { abs($0.delay - 1.0 / 30) < 1e-9 })
    }
    let renders = try #require(try scratch.json("out/x/layout.json")["renders"] as? [[String: Any]])
    #expect(
      renders.map { $0["file"] as? String } == [
        "collapsed@1x.png", "expanding@1x.png", "collapsing@1x.png",
      ])
    let expanding = try #require(renders[1]["frames"] as? [[String: Double]])
    let collapsing = try #require(renders[2]["frames"] as? [[String: Double]])
    #expect(expanding.map { $0["time"]! } == collapsing.map { $0["time"]! })
    let canvasSize = try #require(renders[1]["size"] as? [String: Double])
    let collapsedSize = try #require(renders[0]["size"] as? [String: Double])
    let canvas = try #require(canvasSize["height"])
    let low = try #require(collapsedSize["height"])
    #expect(expanding.first?["height"] == low && expanding.last?["height"] == canvas)
    // Collapsing runs the same curve the other way: at each time as far from the expanded
    // height as expanding is from the collapsed one.
    for (open, close) in zip(expanding, collapsing) {
      #expect(abs((open["height"]! - low) - (canvas - close["height"]!)) < 1e-9)
    }
    // The gallery shows the animations next to the still.
    let page = String(decoding: try #require(files["index.html"]), as: UTF8.self)
    for file in ["x/collapsed@1x.png", "x/expanding@1x.png", "x/collapsing@1x.png"] {
      #expect(page.contains("src=\"\(file)\""), "\(file)")
    }
    #expect(page.contains("<th>expanding</th><th>collapsing</th>"))
  }

  @Test func anAnimationRendersByDefaultAndCollapsingOnlyWithACollapseLabel() throws {
    let scratch = try Scratch()
    for (settings, expected) in [
      (#""animation": "easeOut", "collapseButton": null"#, ["collapsed", "expanded", "expanding"]),
      (
        #""animation": "spring", "collapseButton": "less""#,
        ["collapsed", "expanded", "expanding", "collapsing"]
      ),
    ] {
      try scratch.write("m.json", Self.manifest(settings))
      let result = try scratch.run("render", "m.json", "--out", "out-\(expected.count)", "--quiet")
      #expect(result.status == 0, "\(result.stderr)")
      let files = try scratch.files(in: "out-\(expected.count)/x").keys
      #expect(Set(files) == Set(expected.map { "\($0)@1x.png" } + ["layout.json"]))
    }
  }

  /// `"animation": null` in an item switches off the defaults' animation, as `null` removes
  /// a collapse button; an item's object still overrides the defaults' fields.
  @Test func nullSwitchesOffTheDefaultsAnimation() throws {
    let scratch = try Scratch()
    func manifest(_ items: String) -> String {
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "animation": "easeOut",
                    "collapseButton": null},
       "items": [\(items)]}
      """
    }
    try scratch.write(
      "m.json",
      manifest(
        """
        {"name": "off", "text": "\(Self.text)", "animation": null},
        {"name": "on", "text": "\(Self.text)", "animation": {"fps": 10}}
        """))
    let result = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Set(try scratch.files(in: "out/off").keys)
        == ["collapsed@1x.png", "expanded@1x.png", "layout.json"])
    let on = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("out/on/expanding@1x.png")))
    #expect(on.frames.count == 5, "round(0.35 × 10) + 1: the defaults' curve, the item's fps")

    // Switched off, the animation's states are refused as without one.
    try scratch.write(
      "m.json",
      manifest(
        #"{"name": "off", "text": "\#(Self.text)", "animation": null, "states": "expanding"}"#))
    let refused = try scratch.run("render", "m.json", "--out", "out2")
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("item 'off', key 'states': 'expanding' needs an animation"),
      "\(refused.stderr)")
  }

  /// A text within its line limit has nothing to expand: the file is one frame, the still,
  /// with a warning naming the item and the file; `--strict` makes that an error (exit 2 for
  /// `render --text`, a failed file for a manifest, as for a file that cannot be rendered).
  @Test func anAnimationWithNothingToExpandWarnsAndStrictRefusesIt() throws {
    let scratch = try Scratch()
    let warned = try scratch.run(
      "render", "--text", "Great coffee.", "--animate", "easeOut", "--out", "s.png")
    #expect(warned.status == 0)
    #expect(
      warned.stderr
        == "warning: the text fits within --line-limit 3, so there is nothing to expand: "
        + "s.png is one frame, the still\n")
    let still = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("s.png")))
    #expect(still.frames.count == 1)
    let refused = try scratch.run(
      "render", "--text", "Great coffee.", "--animate", "easeOut", "--out", "t.png", "--strict")
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "error: the text fits within --line-limit 3, so there is nothing to expand; "
        + "t.png not written (--strict)\n")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("t.png").path))

    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "animation": "easeOut",
                    "collapseButton": null},
       "items": [{"name": "long", "text": "\(Self.text)"}, {"name": "short", "text": "Hi."}]}
      """)
    let manifest = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(manifest.status == 0)
    #expect(
      manifest.stderr
        == "warning: m.json: item 'short': the text fits within lineLimit 2, so there is "
        + "nothing to expand: expanding@1x.png is one frame, the still\n")
    let written = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("out/short/expanding@1x.png")))
    #expect(written.frames.count == 1)
    let strict = try scratch.run("render", "m.json", "--out", "strict", "--quiet", "--strict")
    #expect(strict.status == 1)
    #expect(
      strict.stderr.contains(
        "error: short/expanding@1x.png: the text fits within lineLimit 2, so there is nothing "
          + "to expand; not written (--strict): leave 'expanding' out of 'states' or set "
          + "'animation' to null"), "\(strict.stderr)")
    #expect(!strict.stderr.contains("warning"))
    #expect(
      Set(try scratch.files(in: "strict/short").keys)
        == ["collapsed@1x.png", "expanded@1x.png", "layout.json"])
    #expect(try scratch.files(in: "strict/long").keys.contains("expanding@1x.png"))
  }

  @Test func statesTheComponentCannotRenderAreErrorsNamingItemAndKey() throws {
    let scratch = try Scratch()
    let cases = [
      (
        #""animation": "easeOut", "collapseButton": null, "states": ["expanding", "collapsing"]"#,
        "item 'x', key 'states': collapsing needs a collapse label to tap: set 'collapseButton'"
      ),
      (#""states": "expanding""#, "item 'x', key 'states': 'expanding' needs an animation"),
      (#""animation": {"fps": 30}"#, "item 'x', key 'animation': needs 'curve'"),
      (
        #""animation": {"curve": "spring", "duration": 1}"#,
        "item 'x', key 'animation': a spring lasts until it settles"
      ),
      (
        #""animation": {"curve": "easeOut", "duration": -1}"#,
        "key 'animation.duration': must be above 0"
      ),
      (#""animation": "easeOutt""#, "did you mean 'easeOut'"),
    ]
    for (settings, message) in cases {
      try scratch.write("m.json", Self.manifest(settings))
      let result = try scratch.run("render", "m.json", "--out", "out")
      #expect(result.status == 2, "\(settings)")
      #expect(result.stderr.contains(message), "\(settings): \(result.stderr)")
    }
  }

  @Test func animationBytesAreTheSameWhateverTheJobCount() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "collapseButton": "less",
                    "animation": {"curve": "easeInOut", "fps": 20}},
       "variants": {"appearance": ["light", "dark"]},
       "items": [{"name": "fade", "text": "\(Self.text)"},
                 {"name": "ellipsis", "text": "\(Self.text)", "style": "ellipsis"}]}
      """)
    var outputs: [[String: Data]] = []
    for jobs in ["1", "3"] {
      let result = try scratch.run(
        "render", "m.json", "--out", "out\(jobs)", "--jobs", jobs, "--quiet")
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(try withoutRecordStamps(scratch.files(in: "out\(jobs)")))
    }
    #expect(outputs[0].keys.filter { $0.contains("expanding-dark") }.count == 2)
    #expect(outputs[0] == outputs[1])
  }

  /// `verify` of animation goldens: passing, failing on the frame that differs with its
  /// three-panel diff, and a plain PNG where an animated one belongs.
  @Test func verifyComparesAnimationsFrameByFrame() throws {
    let scratch = try Scratch()
    func write(less: String) throws {
      try scratch.write(
        "m.json",
        Self.manifest(
          #""collapseButton": "\#(less)", "animation": {"curve": "linear", "fps": 20}, "states": "expanding""#
        ))
    }
    func verify(_ mode: String) throws -> CLI.Output {
      try scratch.run(
        "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", mode)
    }
    try write(less: "less")
    #expect(try verify("missing").status == 1)
    #expect(
      try APNGAnimation(
        data: Data(contentsOf: scratch.url.appendingPathComponent("snap/x/expanding@1x.png"))
      ).frames.count == 8)
    let passing = try verify("never")
    #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")

    // Another collapse label: the first frame (collapsed, the label clear) is the same; the
    // label fades in from the second frame on.
    try write(less: "show less")
    let failing = try verify("never")
    #expect(failing.status == 1)
    let entries = try #require(try scratch.json("art/report.json")["images"] as? [[String: Any]])
    let entry = try #require(entries.first)
    #expect(entry["status"] as? String == "mismatch")
    let frame = try #require(entry["frame"] as? Int)
    #expect(frame >= 1 && frame < 8)
    #expect((entry["summary"] as? String)?.contains("frame \(frame) of 8: ") == true, "\(entry)")
    // The layout record names the expanded end's label, then the pixels name the frame.
    #expect(
      failing.stderr.contains("x/expanding@1x.png: layout changed: expanded: label moved"),
      "\(failing.stderr)")
    #expect(failing.stderr.contains("(pixels: frame \(frame) of 8"), "\(failing.stderr)")
    let diff = try Data(
      contentsOf: scratch.url.appendingPathComponent("art/diff/x/expanding@1x.png"))
    #expect(try pngSize(diff).width > 3 * 200, "three panels of the frame")
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("art/expected/x/expanding@1x.png").path))

    // A plain PNG where the animated one belongs.
    try write(less: "less")
    let still = try scratch.run(
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--out",
      "snap/x/expanding@1x.png")
    #expect(still.status == 0)
    let plain = try verify("never")
    #expect(plain.status == 1)
    #expect(
      plain.stderr.contains("the golden is a plain PNG, not an animated PNG"), "\(plain.stderr)")
    let plainEntry = try #require(
      (try scratch.json("art/report.json")["images"] as? [[String: Any]])?.first)
    #expect(plainEntry["status"] as? String == "mismatch")
  }

  /// A benchmark, so no time is asserted: only that it measures its case, the default
  /// animation (22 frames) of a text eight lines tall when expanded.
  @Test func benchAnimationMeasuresTheDefaultExpansionOfEightLines() throws {
    let result = try Scratch().run("bench", "--animation", "--repetitions", "1", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["frames"] as? Int == 22)
    #expect(report["expandedLines"] as? Int == 8)
    let bytes = try #require(report["animationBytes"] as? Int)
    let still = try #require(report["expandedStillBytes"] as? Int)
    #expect(report["byteRatio"] as? Double == Double(bytes) / Double(still))
    #expect((report["timeRatio"] as? Double ?? 0) > 0)
  }

  /// A shorter animation written into a folder of a longer one leaves exactly its own frames;
  /// files the command does not write stay.
  @Test func framesOfAnEarlierLongerAnimationAreRemoved() throws {
    let scratch = try Scratch()
    try scratch.write("frames/notes.txt", "mine")
    try scratch.write("frames/frame-7.png", "not a name the command writes")
    let spring = try scratch.run(
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--line-limit", "2",
      "--animate", "spring", "--out", "a.png", "--frames", "frames")
    #expect(spring.status == 0, "\(spring.stderr)")
    let springFrames = try scratch.files(in: "frames").keys.filter { $0.hasPrefix("frame-0") }
    let easeOut = try scratch.run(
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--line-limit", "2",
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
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--line-limit", "2",
      "--animate", "easeOut", "--out", "a.png", "--frames", "frames")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try scratch.files(in: "frames").keys.contains("frame-060.png/keep.txt"))
    let link = scratch.url.appendingPathComponent("frames/frame-061.png").path
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../elsewhere.txt")
    #expect(try scratch.files(in: ".")["elsewhere.txt"] == Data("linked to".utf8))
  }
}
