import Foundation
import Testing

@Suite struct ManifestRenderTests {
  /// Where not even the ellipsis and the label fit, layout.json says so and nothing overflows.
  @Test func layoutJSONReportsALabelThatDoesNotFit() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 45, "scale": 1, "lineLimit": 1, "style": "ellipsis",
                    "ellipsis": " — ", "expandButton": "Read more"},
       "items": [{"name": "narrow", "text": "で生れ"}, {"name": "wide", "text": "で生れ",
                  "width": 300, "lineLimit": 1}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let narrow = try #require(
      try scratch.json("out/narrow/layout.json")["renders"] as? [[String: Any]])
    #expect(narrow[0]["labelFits"] as? Bool == false)
    #expect(narrow[0]["lines"] as? Int == 1)
    #expect(narrow[0]["visibleText"] as? String == "")
    let wide = try #require(try scratch.json("out/wide/layout.json")["renders"] as? [[String: Any]])
    #expect(wide[0]["labelFits"] as? Bool == true)
  }

  @Test func manifestWithoutVariantsWritesBothStatesAndLayout() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2, "collapseButton": null},
       "items": [{"name": "long", "text": "\(String(repeating: "word ", count: 40))"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out")
    #expect(
      Set(files.keys)
        == [
          "index.html", ".expandable-preview-render.json", ".expandable-preview-font-check.json",
          "long/collapsed@1x.png", "long/expanded@1x.png", "long/layout.json",
        ])
    #expect(try pngSize(files["long/collapsed@1x.png"]!).width == 200)
    // No temporary file is left; the hidden files are the tool's render and font check records.
    let records: Set = [".expandable-preview-render.json", ".expandable-preview-font-check.json"]
    #expect(
      !files.keys.contains {
        !records.contains($0) && $0.split(separator: "/").last!.hasPrefix(".")
      })

    let layout = try scratch.json("out/long/layout.json")
    #expect(layout["name"] as? String == "long")
    let renders = try #require(layout["renders"] as? [[String: Any]])
    #expect(renders.count == 2)
    let keys: Set<String> = [
      "file", "state", "variant", "truncated", "exceedsLineLimit", "visibleText", "lines", "size",
      "pixelSize", "label", "fade", "labelFits", "layouts", "links", "textFrame",
      "lineFrames", "accessibilityElements", "cut", "isRightToLeft",
    ]
    for render in renders { #expect(Set(render.keys) == keys) }
    let collapsed = renders[0]
    #expect(collapsed["file"] as? String == "collapsed@1x.png")
    #expect(collapsed["state"] as? String == "collapsed")
    #expect(collapsed["truncated"] as? Bool == true)
    #expect(collapsed["exceedsLineLimit"] as? Bool == true)
    // The expanded image hides nothing, though the text exceeds the line limit.
    #expect(renders[1]["truncated"] as? Bool == false)
    #expect(renders[1]["exceedsLineLimit"] as? Bool == true)
    #expect(collapsed["lines"] as? Int == 2)
    #expect(collapsed["label"] is [String: Any])
    #expect(collapsed["fade"] is [String: Any])
    // What VoiceOver gets: the text read whole over the text frame, then the label's button.
    let elements = try #require(collapsed["accessibilityElements"] as? [[String: Any]])
    #expect(elements.map { $0["traits"] as? [String] } == [["staticText"], ["button"]])
    #expect(elements[0]["label"] as? String == String(repeating: "word ", count: 40))
    #expect(
      elements[0]["frame"] as? [String: Double] == collapsed["textFrame"] as? [String: Double])
    #expect(elements[1]["label"] as? String == "more")
    #expect(elements[1]["frame"] as? [String: Double] == collapsed["label"] as? [String: Double])
    let variant = try #require(collapsed["variant"] as? [String: Any])
    #expect(variant["appearance"] as? String == "light")
    #expect(variant["dynamicType"] as? String == "large")
    #expect(variant["width"] as? Double == 200)
    #expect(variant["scale"] as? Int == 1)
    let expanded = renders[1]
    #expect(expanded["state"] as? String == "expanded")
    #expect(expanded["label"] is NSNull, "no collapse button: label is null")
    #expect(expanded["fade"] is NSNull)
    let pixelSize = try #require(expanded["pixelSize"] as? [String: Any])
    let png = try pngSize(files["long/expanded@1x.png"]!)
    #expect(pixelSize["height"] as? Int == png.height)
  }

  @Test func variantValuesAppearInNamesInAxisOrder() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "states": "collapsed"},
       "variants": {"appearance": ["light", "dark"], "dynamicType": ["large", "accessibility3"],
                    "width": [120, 150.5], "scale": [1]},
       "items": [{"name": "a", "text": "Hello"},
                 {"name": "b", "text": "Hello", "variants": {"appearance": ["dark"], "scale": [1, 2]}}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let names = Set(try scratch.files(in: "out").keys)
    var expected: Set<String> = [
      "index.html", ".expandable-preview-render.json", ".expandable-preview-font-check.json",
      "a/layout.json", "b/layout.json",
    ]
    for appearance in ["light", "dark"] {
      for size in ["large", "accessibility3"] {
        for width in ["w120", "w150.5"] {
          expected.insert("a/collapsed-\(appearance)-\(size)-\(width)@1x.png")
        }
      }
    }
    for size in ["large", "accessibility3"] {
      for width in ["w120", "w150.5"] {
        for scale in [1, 2] { expected.insert("b/collapsed-\(size)-\(width)@\(scale)x.png") }
      }
    }
    #expect(names == expected)
    // A single-valued axis is left out of the name but recorded in layout.json.
    let renders = try #require(try scratch.json("out/b/layout.json")["renders"] as? [[String: Any]])
    #expect(renders.count == 8)
    let variant = try #require(renders[0]["variant"] as? [String: Any])
    #expect(variant["appearance"] as? String == "dark")
  }

  @Test func textFileIsReadRelativeToTheManifestAndStatesSelect() throws {
    let scratch = try Scratch()
    try scratch.write("manifests/texts/bio.txt", "Hello from a file\n")
    try scratch.write(
      "manifests/m.json",
      """
      {"items": [{"name": "bio", "textFile": "texts/bio.txt", "scale": 1, "states": ["expanded"]}]}
      """)
    let result = try scratch.run("render", "manifests/m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Set(try scratch.files(in: "out/bio").keys) == ["expanded@1x.png", "layout.json"])
    let renders = try #require(
      try scratch.json("out/bio/layout.json")["renders"] as? [[String: Any]])
    #expect(renders.first?["visibleText"] as? String == "Hello from a file")
  }

  @Test func dynamicTypeScalesTextStylesButNotPangoDescriptions() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "width": 300, "states": "expanded"},
       "variants": {"dynamicType": ["xSmall", "accessibility5"]},
       "items": [{"name": "style", "text": "Hi", "font": "headline"},
                 {"name": "pango", "text": "Hi", "font": "DejaVu Sans 17"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out")
    let small = try pngSize(files["style/expanded-xSmall@1x.png"]!)
    let large = try pngSize(files["style/expanded-accessibility5@1x.png"]!)
    #expect(large.height > small.height * 3)
    #expect(
      try pngSize(files["pango/expanded-xSmall@1x.png"]!).height
        == pngSize(files["pango/expanded-accessibility5@1x.png"]!).height)
  }

  @Test func itemOptionsOverrideDefaultsFieldByField() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "width": 240, "padding": [4, 10, 6, 10],
                    "collapseButton": {"text": "less", "placement": "belowText"}},
       "items": [{"name": "a", "text": "\(String(repeating: "word ", count: 30))",
                  "style": "ellipsis", "collapseButton": {"color": "red"}},
                 {"name": "b", "text": "x", "collapseButton": null, "states": "expanded"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let a = try #require(try scratch.json("out/a/layout.json")["renders"] as? [[String: Any]])
    let expandedLabel = try #require(a[1]["label"] as? [String: Any])
    // belowText: the collapse label sits under the text, inside the top padding.
    #expect((expandedLabel["y"] as? Double ?? 0) > 4)
    #expect(a[0]["fade"] is NSNull, "ellipsis style has no fade")
    let b = try #require(try scratch.json("out/b/layout.json")["renders"] as? [[String: Any]])
    #expect(b[0]["label"] is NSNull, "collapseButton: null removes the defaults' button")
  }

  @Test func failedItemDoesNotStopTheOthers() throws {
    let scratch = try Scratch()
    // Over the library's 1 MiB text limit: a render-time failure, not a manifest error.
    try scratch.write("huge.txt", String(repeating: "a", count: (1 << 20) + 10))
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "width": 100},
       "items": [{"name": "huge", "textFile": "huge.txt"}, {"name": "fine", "text": "ok"}]}
      """)
    let result = try scratch.run("render", "m.json", "--out", "out", "--json")
    #expect(result.status == 1)
    #expect(result.stderr.contains("huge/collapsed@1x.png"))
    // The gallery says which files failed and why, instead of showing broken images.
    let gallery = String(decoding: try scratch.files(in: "out")["index.html"]!, as: UTF8.self)
    #expect(gallery.contains("<strong>2 failed</strong>"))
    #expect(gallery.contains("<strong>Failed:</strong>") && gallery.contains("limit"))
    #expect(!gallery.contains(#"src="huge/"#))
    #expect(gallery.contains(#"src="fine/collapsed@1x.png""#))
    #expect(result.stderr.contains("limit"))
    let files = try scratch.files(in: "out")
    #expect(files["fine/collapsed@1x.png"] != nil)
    #expect(files["fine/expanded@1x.png"] != nil)
    #expect(files["huge/collapsed@1x.png"] == nil)
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(summary["failedItems"] as? [String] == ["huge"])
    #expect(summary["rendered"] as? Int == 2)
    #expect(summary["files"] as? Int == 4)
  }
}
