import ExpandablePreviewTesting
import Foundation
import Testing

/// One golden folder for both cases below, made once per process.
private let sharedRoot = FileManager.default.temporaryDirectory
  .appendingPathComponent("expandable-preview-names-\(ProcessInfo.processInfo.processIdentifier)")

/// The cases' order and results, taken under one lock so parallel cases still see an order.
private let lock = NSLock()
nonisolated(unsafe) private var casesRun = 0

/// Two cases of one parameterized test give different images one golden name: the first
/// records it, the second is told it reused the name, and the golden stays the first's.
@Suite struct SnapshotNamesTests {
  @Test(arguments: [1, 2])
  func casesThatShareANameAreTold(lineLimit: Int) throws {
    let configuration = SnapshotConfiguration(
      directory: sharedRoot.appendingPathComponent("Snapshots"), record: .missing,
      artifacts: sharedRoot.appendingPathComponent("artifacts"))
    let golden = sharedRoot.appendingPathComponent("Snapshots/shared.png")
    let (order, message, goldenBefore) = lock.withLock {
      let before = try? Data(contentsOf: golden)
      let message = withSnapshotConfiguration(configuration) {
        verifySnapshot(of: bio.lineLimit(lineLimit), width: 327, named: "shared")
      }
      casesRun += 1
      return (casesRun, message, before)
    }
    if order == 1 {
      #expect(message?.contains("/shared.png: no golden yet") == true, "\(message ?? "")")
    } else {
      #expect(
        message?.contains("'shared' was already checked in this run against another image")
          == true, "\(message ?? "")")
      #expect(try Data(contentsOf: golden) == goldenBefore, "the first case's golden is kept")
    }
  }
}
