import Foundation
import Testing

/// `merge-reports` copies only the files its entries use: not a file a blob lists that no
/// section links to (a page with a script), nor a folder of an item that is not the manifest's.
@Suite struct MergeReportsUsedFilesTests {
  /// Adds `data` to the blob in `blob` as a listed attachment at `path`, size and SHA-256
  /// right, so only the merge's own rule can leave it out.
  static func plant(_ data: Data, at path: String, in blob: URL) throws {
    let file = blob.appendingPathComponent("files/" + path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    let digest = Process()
    digest.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    digest.arguments = [file.path]
    let pipe = Pipe()
    digest.standardOutput = pipe
    try digest.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    digest.waitUntilExit()
    let sha256 = String(decoding: output.prefix(64), as: UTF8.self)
    let url = blob.appendingPathComponent("report-blob.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var attachments = json["attachments"] as? [[String: Any]] ?? []
    attachments.append(["path": path, "size": data.count, "sha256": sha256])
    json["attachments"] = attachments
    try JSONSerialization.data(withJSONObject: json).write(to: url)
  }

  @Test func onlyFilesTheSectionsLinkToAreCopied() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"defaults": {"width": 120, "scale": 1, "states": "collapsed"}, "items": ["#
        + #"{"name": "a", "text": "Alpha"}, {"name": "b", "text": "Beta"}]}"#)
    for k in 1...2 {
      let run = try scratch.run(
        "render", "m.json", "--out", "o\(k)", "--shard", "\(k)/2", "--report-blob", "r\(k)",
        "--quiet")
      #expect(run.status == 0, "\(run.stderr)")
    }
    let script = Data("<script>alert(1)</script>".utf8)
    try Self.plant(script, at: "a/page.html", in: scratch.url.appendingPathComponent("r1"))
    try Self.plant(script, at: "zzz/collapsed@1x.png", in: scratch.url.appendingPathComponent("r1"))

    let merged = try scratch.run("merge-reports", "r1", "r2", "--out", "out", "--quiet")
    #expect(merged.status == 0, "\(merged.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files["a/page.html"] == nil)
    #expect(files["zzz/collapsed@1x.png"] == nil)
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out/zzz").path))
    // The files the gallery shows are there.
    #expect(files["a/collapsed@1x.png"] != nil)
    #expect(files["b/collapsed@1x.png"] != nil)
    #expect(files["a/layout.json"] != nil)
  }
}
