import Foundation
import Testing

@Suite struct ParallelAndShardTests {
  /// Eight items of different lengths, two appearances, two states: 32 small files.
  static let manifest = """
    {"defaults": {"scale": 1, "width": 160, "lineLimit": 2},
     "variants": {"appearance": ["light", "dark"]},
     "items": [
       {"name": "one", "text": "Short."},
       {"name": "two", "text": "A somewhat longer text that wraps onto a few lines here."},
       {"name": "three", "text": "Ellipsis style text that is long enough to be cut off.", "style": "ellipsis"},
       {"name": "four", "text": "שלום עולם, זהו טקסט ארוך מעט יותר מהרוחב."},
       {"name": "five", "text": "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"},
       {"name": "six", "text": "Emoji 🎉🎈 party text 🥳 that goes on and on."},
       {"name": "seven", "text": "Line one\\nLine two\\nLine three", "variants": {"width": [120, 200]}},
       {"name": "eight", "text": "Custom font text.", "font": "DejaVu Serif 13"}
     ]}
    """

  @Test func oneWorkerAndFourWorkersWriteIdenticalFiles() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    #expect(
      try scratch.run("render", "m.json", "--out", "one", "--jobs", "1", "--quiet").status == 0)
    #expect(
      try scratch.run("render", "m.json", "--out", "four", "--jobs", "4", "--quiet").status == 0)
    let one = try withoutRecordStamps(scratch.files(in: "one"))
    let four = try withoutRecordStamps(scratch.files(in: "four"))
    // 36 PNGs, 8 layout.json, index.html, the render and font check records
    #expect(one.count == 36 + 11)
    #expect(one == four)
  }

  @Test func shardsTogetherWriteEveryFileExactlyOnce() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    #expect(try scratch.run("render", "m.json", "--out", "all", "--quiet").status == 0)
    let all = try scratch.files(in: "all")
    var union: [String: Data] = [:]
    var shardSizes: [Int] = []
    for k in 1...3 {
      let result = try scratch.run(
        "render", "m.json", "--out", "shard\(k)", "--shard", "\(k)/3", "--quiet")
      #expect(result.status == 0, "\(result.stderr)")
      var files = try scratch.files(in: "shard\(k)")
      // Each shard's folder has its own record of the jobs it wrote (shards sharing one folder
      // merge theirs); the files rendered are what shards split.
      let record = files.removeValue(forKey: ".expandable-preview-render.json")
      #expect(record != nil)
      // So has the font check of its items.
      #expect(files.removeValue(forKey: ".expandable-preview-font-check.json") != nil)
      shardSizes.append(files.count)
      for (path, data) in files {
        #expect(union[path] == nil, "\(path) written by two shards")
        union[path] = data
      }
    }
    #expect(union == all.filter { !$0.key.hasPrefix(".expandable-preview-") })
    #expect(shardSizes.allSatisfy { $0 > 1 }, "every shard gets work: \(shardSizes)")
    // Deterministic: the same shard twice gives the same files.
    #expect(
      try scratch.run("render", "m.json", "--out", "again", "--shard", "2/3", "--quiet").status == 0
    )
    #expect(
      try withoutRecordStamps(scratch.files(in: "again"))
        == withoutRecordStamps(scratch.files(in: "shard2")))
  }

  @Test func onlyRendersTheNamedItems() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let result = try scratch.run(
      "render", "m.json", "--out", "out", "--only", "two", "six", "--quiet")
    #expect(result.status == 0, "\(result.stderr)")
    let folders = Set(
      try scratch.files(in: "out").keys.compactMap {
        $0.split(separator: "/").first.map(String.init)
      })
    #expect(
      folders == [
        "two", "six", "index.html", ".expandable-preview-render.json",
        ".expandable-preview-font-check.json",
      ])
  }

  @Test func galleryListsEveryFileWithEscapedRelativeLinks() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"scale": 1, "width": 100},
       "variants": {"width": [100, 120]},
       "items": [{"name": "a & <b>", "text": "x"}, {"name": "plain", "text": "y", "states": "collapsed"}]}
      """)
    #expect(try scratch.run("render", "m.json", "--out", "out", "--quiet").status == 0)
    let files = try scratch.files(in: "out")
    let html = String(decoding: files["index.html"]!, as: UTF8.self)
    let sources = Set(
      html.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        .map { String($0).removingPercentEncoding! })
    let pngs = Set(files.keys.filter { $0.hasSuffix(".png") })
    #expect(pngs.count == 6)
    #expect(sources == pngs)
    #expect(html.contains("src=\"a%20%26%20%3Cb%3E/collapsed-w100@1x.png\""))
    #expect(html.contains("<h2>a &amp; &lt;b&gt;</h2>"))
    #expect(!html.contains("<b>"))
  }
}
