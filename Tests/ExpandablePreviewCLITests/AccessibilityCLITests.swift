import ExpandablePreview
import Foundation
import Testing

/// The accessibility settings, the overlay and device presets through the tool.
@Suite struct AccessibilityCLITests {
  static let text =
    "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, and Xcode. It’s also "
    + "about having a solid grasp of various languages."

  @Test func accessibilityAxesNameTheirFilesAndChangeThePixels() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "variants": {"legibilityWeight": ["regular", "bold"],
                    "colorSchemeContrast": ["standard", "increased"]},
       "items": [{"name": "x", "text": "\(Self.text)"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out/x")
    let names = [
      "collapsed-regular-standard@1x.png", "collapsed-regular-increased@1x.png",
      "collapsed-bold-standard@1x.png", "collapsed-bold-increased@1x.png",
    ]
    #expect(Set(files.keys) == Set(names + ["layout.json"]))
    #expect(Set(names.compactMap { files[$0] }).count == 4, "four different images")
    let layout = try scratch.json("out/x/layout.json")
    let renders = try #require(layout["renders"] as? [[String: Any]])
    let variant = try #require(renders.last?["variant"] as? [String: Any])
    #expect(variant["legibilityWeight"] as? String == "bold")
    #expect(variant["colorSchemeContrast"] as? String == "increased")
  }

  @Test func flagsSetBoldTextAndIncreaseContrast() throws {
    let scratch = try Scratch()
    for (name, flags) in [
      ("plain", [String]()), ("bold", ["--legibility-weight", "bold"]),
      ("contrast", ["--color-scheme-contrast", "increased"]),
    ] {
      let arguments = ["render", "--text", Self.text, "--width", "200", "--out", "\(name).png"]
      #expect(try CLI.runInProcess(arguments + flags, in: scratch.url).status == 0)
    }
    let files = try scratch.files(in: ".")
    #expect(files["plain.png"] != files["bold.png"])
    #expect(files["plain.png"] != files["contrast.png"])
    let wrong = try CLI.runInProcess(
      ["render", "--text", "x", "--out", "w.png", "--legibility-weight", "heavy"], in: scratch.url)
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("heavy"), "\(wrong.stderr)")
  }

  @Test func accessibilityOverlayFlagWritesTheCompanionImage() throws {
    let scratch = try Scratch()
    let result = try scratch.run(
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--out", "a.png",
      "--accessibility-overlay", "--print-layout")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: ".")
    let still = try pngSize(try #require(files["a.png"]))
    let overlay = try pngSize(try #require(files["a-accessibility.png"]))
    #expect(overlay.width == still.width + 16 * 3 + 260)
    #expect(overlay.height >= still.height + 32)
    #expect(result.stdout.contains("\"accessibilityElements\""))
    #expect(result.stdout.contains("\"button\""))
  }

  @Test func manifestOverlayIsWrittenBesideEachStill() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "accessibilityOverlay": true},
       "items": [{"name": "x", "text": "\(Self.text)"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out/x")
    #expect(
      Set(files.keys)
        == [
          "collapsed@1x.png", "expanded@1x.png", "collapsed-accessibility@1x.png",
          "expanded-accessibility@1x.png", "layout.json",
        ])
  }

  @Test func aDeviceAxisNamesFilesByDeviceAndSetsTheWidth() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "states": "collapsed"},
       "variants": {"device": ["iPhone SE", "iPhone 16 Pro Max"]},
       "items": [{"name": "x", "text": "\(Self.text)"},
                 {"name": "fixed", "text": "\(Self.text)", "width": 300}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out/x")
    #expect(try pngSize(#require(files["collapsed-iPhone-SE@1x.png"])).width == 375)
    #expect(try pngSize(#require(files["collapsed-iPhone-16-Pro-Max@1x.png"])).width == 440)
    // `width` wins over the device's.
    let fixed = try scratch.files(in: "out/fixed")
    #expect(try pngSize(#require(fixed["collapsed-iPhone-SE@1x.png"])).width == 300)
    let unknown = try scratch.run(
      "render", "--text", "x", "--out", "u.png", "--device", "iPhone 99")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown device 'iPhone 99'"), "\(unknown.stderr)")
  }

  @Test func reduceMotionFlagRendersTheDissolve() throws {
    let scratch = try Scratch()
    let base = [
      "render", "--text", Self.text, "--width", "200", "--scale", "1", "--line-limit", "2",
      "--animate", "easeOut",
    ]
    #expect(try CLI.runInProcess(base + ["--out", "move.png"], in: scratch.url).status == 0)
    #expect(
      try CLI.runInProcess(base + ["--out", "fade.png", "--reduce-motion"], in: scratch.url).status
        == 0)
    let move = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("move.png")))
    let fade = try APNGAnimation(
      data: Data(contentsOf: scratch.url.appendingPathComponent("fade.png")))
    #expect(move.frames.count == fade.frames.count)
    #expect(move.frames.first?.image == fade.frames.first?.image)
    #expect(move.frames.last?.image == fade.frames.last?.image)
    #expect(move.frames[move.frames.count / 2].image != fade.frames[fade.frames.count / 2].image)
  }
}
