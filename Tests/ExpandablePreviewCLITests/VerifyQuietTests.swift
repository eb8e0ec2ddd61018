import Foundation
import Testing

/// `verify --quiet` prints no summary, so what it says on standard error is all there is: one
/// line for the goldens it recorded (a first recording writes thousands), each other failure
/// on its own.
@Suite struct VerifyQuietTests {
  @Test func recordingEveryGoldenSaysOneLine() throws {
    let fixture = try VerifyFixture()
    let run = try fixture.verify("--record", "all", "--quiet")
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.isEmpty, "\(run.stdout)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "Recorded 3 golden(s) (record mode all); look at them, then run again.",
      "\(run.stderr)")
    #expect(!lines.contains { $0.contains("@1x.png") }, "\(run.stderr)")
    #expect(lines.count == 2 && lines[1].hasPrefix("note: --snapshots snap did not exist"))
  }

  @Test func aMismatchIsStillListed() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice here")
    let run = try fixture.verify("--record", "never", "--quiet")
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty, "\(run.stdout)")
    #expect(run.stderr.contains("a/collapsed@1x.png"), "\(run.stderr)")
    #expect(!run.stderr.contains("Recorded"), "\(run.stderr)")
  }
}
