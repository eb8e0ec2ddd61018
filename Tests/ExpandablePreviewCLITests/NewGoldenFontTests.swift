import Foundation
import Testing

/// A font only a new golden uses is no sign the goldens were rendered elsewhere: recording a
/// new item drawn with a font the folder's goldens never used says nothing of the kind.
@Suite struct NewGoldenFontTests {
  @Test func aNewGoldensFontIsNotSaidToBeRenderedElsewhere() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    // A new item whose text only an Arabic font draws.
    try fixture.writeManifest(top: "")
    var manifest = try String(contentsOf: fixture.url("m.json"), encoding: .utf8)
    manifest = manifest.replacingOccurrences(
      of: #"{"name": "b""#, with: #"{"name": "c", "text": "مرحبا بالعالم"}, {"name": "b""#)
    try Data(manifest.utf8).write(to: fixture.url("m.json"))
    let run = try fixture.verify("--record", "missing")
    #expect(run.status == 1, "\(run.stderr)")  // the new golden fails once, as recorded
    #expect(run.stdout.contains("c/collapsed@1x.png") || run.stderr.contains("c/collapsed@1x.png"))
    #expect(!run.stderr.contains("rendered elsewhere"), "\(run.stderr)")
    #expect(!run.stdout.contains("rendered elsewhere"), "\(run.stdout)")
  }
}
