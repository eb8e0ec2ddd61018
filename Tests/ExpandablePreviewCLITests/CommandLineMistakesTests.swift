import Foundation
import Testing

/// Mistakes on the command line (an unknown command or option, a wrong value, mixed-up forms,
/// an output place that cannot be written): exit 2 with a message saying what is wrong, and
/// nothing written.
@Suite struct CommandLineMistakesTests {
  @Test func commandLineMistakesExitWithTwo() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", CommandLineTests.manifest)
    let cases: [([String], String)] = [
      (["render", "m.json"], "needs --out DIR"),
      (["render", "m.json", "--out", "o", "--shard", "0/2"], "--shard expects K/N"),
      (["render", "m.json", "--out", "o", "--jobs", "0"], "--jobs expects"),
      (
        ["render", "--only", "a", "m.json", "--out", "o"],
        "--only took 'm.json' as an item name: put MANIFEST before --only"
      ),
      (["render", "m.json", "--out", "o", "--only", "b"], "no item named 'b'"),
      (["render", "m.json", "--out", "o", "--quiet", "--json"], "cannot be combined"),
      (["render", "m.json", "--out", "o", "--bogus"], "unknown option '--bogus'"),
      (
        ["render", "missing.json", "--out", "o"],
        "missing.json: cannot read the manifest file: No such file or directory"
      ),
      (
        ["render", "--text", "x", "--out", "x.png", "--scale", "5"],
        "--scale: must be 1 to 4, got 5"
      ),
      (["render", "--text", "x", "--out", "x.jpg"], "--out 'x.jpg': the file must end in .png"),
      (
        ["render", "m.json", "--ot", "o"],
        "unknown option '--ot' for render (did you mean '--out'?)"
      ),
      (["rendr", "m.json"], "unknown command 'rendr' (did you mean 'render'?)"),
      (["verify", "m.json", "--snapshots", "s", "--strct"], "did you mean '--strict'?"),
      (
        ["render", "--text-file", "nothing.txt", "--out", "x.png"],
        "--text-file: cannot read 'nothing.txt': No such file or directory"
      ),
    ]
    for (arguments, message) in cases {
      let result = try CLI.runInProcess(arguments, in: scratch.url)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  /// An output place that cannot be written is a mistake on the command line for the single
  /// render as for a manifest (exit 2, nothing rendered or written), not a failed render (1).
  @Test func singleRenderOutputLocationMistakesExitWithTwo() throws {
    let scratch = try Scratch()
    try scratch.write("file", "not a folder")
    for folder in ["folder.png", "sub/both.svg"] {
      try FileManager.default.createDirectory(
        at: scratch.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let cases: [([String], String)] = [
      (
        ["--out", "file/x.png"],
        "error: --out: cannot create the output folder 'file': Not a directory"
      ),
      (
        ["--out", "/proc/self/x.png"],
        "error: --out: cannot write to the output folder '/proc/self'"
      ),
      (["--out", "folder.png"], "error: --out: 'folder.png' is a folder, not a file"),
      (
        ["--out", "sub/both.png", "--format", "png", "--format", "svg"],
        "error: --out: 'sub/both.svg' is a folder, not a file"
      ),
      (
        ["--out", "a.png", "--animate", "easeOut", "--frames", "file/frames"],
        "error: --frames: cannot create the output folder 'file/frames': Not a directory"
      ),
    ]
    for (arguments, message) in cases {
      let result = try CLI.runInProcess(["render", "--text", "Hi"] + arguments, in: scratch.url)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("a.png").path))
    // The folder --out names is created, as render MANIFEST --out DIR creates DIR.
    let nested = try scratch.run("render", "--text", "Hi", "--out", "new/sub/x.png")
    #expect(nested.status == 0, "\(nested.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("new/sub/x.png").path))
    // The help says so.
    let help = try scratch.run("render", "--help")
    #expect(
      help.stdout.contains(
        "2 the command line\n  is invalid (a wrong flag or value, --strict's font problems), or the folder of --out or\n  --frames cannot be created or written"
      ), "\(help.stdout)")
  }

  /// Mixed-up command lines say what is wrong instead of "unknown option" or a silent choice.
  @Test func mixedUpCommandLinesSayWhatIsWrong() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", CommandLineTests.manifest)
    try scratch.write("t.txt", "from a file\n")
    let both = try scratch.run("render", "--text", "a", "--text-file", "t.txt", "--out", "x.png")
    #expect(both.status == 2)
    #expect(both.stderr.contains("give --text or --text-file, not both"), "\(both.stderr)")
    let twice = try scratch.run("render", "--text", "a", "--text", "b", "--out", "x.png")
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("--text is given twice"), "\(twice.stderr)")
    let manifestAndText = try scratch.run("render", "m.json", "--text", "hi", "--out", "x.png")
    #expect(manifestAndText.status == 2)
    #expect(
      manifestAndText.stderr.contains("render takes a MANIFEST or --text/--text-file, not both"),
      "\(manifestAndText.stderr)")
    let setting = try scratch.run("render", "m.json", "--out", "o", "--width", "100")
    #expect(setting.status == 2)
    #expect(
      setting.stderr.contains(#"with a manifest, set "width" in "defaults" or in an item"#),
      "\(setting.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x.png").path))
  }
}
