import Foundation
import Testing

/// A golden's layout record holding a number no render produces: `verify` (by layout, or
/// plain with the image changed) says so in plain words and compares pixels; no crash.
@Suite struct DamagedLayoutRecordTests {
  @Test func aHugeHeightInALayoutRecordIsReportedAndTheRunGoesOn() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let file = fixture.url("snap/a/collapsed@1x.layout.json")
    var record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var still = try #require(record["still"] as? [String: Any])
    still["size"] = ["width": 160, "height": 1e300]
    record["still"] = still
    try JSONSerialization.data(withJSONObject: record).write(to: file)
    let byLayout = try fixture.verifyExecutable("--compare", "layout")
    #expect(byLayout.status == 0, "\(byLayout.stderr)")
    #expect(
      byLayout.stdout.contains(
        "snap/a/collapsed@1x.layout.json: still.size.height: 1e+300 is out of range (0…1000000)"),
      "\(byLayout.stdout)")
    #expect(!(byLayout.stdout + byLayout.stderr).contains("DecodingError"))
    try fixture.writeManifest(aText: "Omega beta gamma delta epsilon zeta eta theta iota kappa")
    let changed = try fixture.verifyExecutable()
    #expect(changed.status == 1, "\(changed.stderr)")
    #expect(
      changed.stdout.contains("still.size.height: 1e+300 is out of range"), "\(changed.stdout)")
  }
}
