import ExpandablePreview
import Foundation
import Testing

/// Animations of a manifest: its `animation` and `expanding` / `collapsing` states,
/// `layout.json`, defaults and `null`, a text with nothing to expand, the same bytes whatever the
/// job count. The text and manifest here serve the other animation suites too
/// (`AnimationTextCLITests`, `AnimationVerifyCLITests`).
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

}
