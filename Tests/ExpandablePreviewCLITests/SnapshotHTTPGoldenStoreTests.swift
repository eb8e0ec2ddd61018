import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewTesting
import Foundation
import Testing

/// `assertSnapshot` with its golden store named as `EXPANDABLE_PREVIEW_GOLDEN_STORE` names it,
/// an HTTP store on a real nginx with WebDAV: the test library and `verify` read one setting.
/// Here, beside the nginx helper; the store is given through the variable's parser, since a
/// test may not change the environment of the tests running beside it.
@Suite struct SnapshotHTTPGoldenStoreTests {
  let scratch = try! Scratch()

  static let text =
    "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, and Xcode."
  /// The same layout, one digit's pixels apart.
  static let changed =
    "Being a top 2% developer isn’t just about mastering Swift, SwiftUI, and Xcode."

  func check(
    _ text: String, record: RecordMode, store url: String, token: String? = nil
  ) throws -> String? {
    var configuration = SnapshotConfiguration(
      directory: scratch.url.appendingPathComponent("Snapshots"), record: record,
      artifacts: scratch.url.appendingPathComponent("artifacts"))
    var environment = [GoldenStore.storeVariable: url]
    environment["EXPANDABLE_PREVIEW_GOLDEN_STORE_TOKEN"] = token
    configuration.goldenStore = try SnapshotConfiguration.goldenStore(environment: environment)
    return withSnapshotConfiguration(configuration) {
      verifySnapshot(of: ExpandableText(text: text).lineLimit(2), width: 327, named: "bio")
    }
  }

  @Test func recordsIntoTheStorePassesWithoutARequestAndFetchesOnlyADifference() throws {
    guard let nginx = try GoldenLockTests.nginx() else { return }
    let lock = scratch.url.appendingPathComponent("Snapshots/goldens.lock")

    // A missing golden in record mode: its bytes go to the store, then its line to the lock.
    let recorded = try check(Self.text, record: .missing, store: nginx.url)
    #expect(recorded?.contains("no golden yet; recorded it") == true, "\(recorded ?? "nil")")
    let uploads = try nginx.requests()
    #expect(uploads.count == 1 && uploads[0].hasPrefix("PUT /ep/cas/"), "\(uploads)")
    let line = try #require(
      try String(contentsOf: lock, encoding: .utf8).split(separator: "\n").first {
        $0.hasPrefix("bio.png ")
      })
    let digest = String(line.split(separator: " ")[1])
    #expect(uploads[0].hasPrefix("PUT /ep/cas/\(digest) "), "\(uploads) \(line)")
    #expect(
      !FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("Snapshots/bio.png").path))

    // A matching render passes by the line's digest: no request.
    #expect(try check(Self.text, record: .never, store: nginx.url) == nil)
    #expect(try nginx.requests() == uploads)

    // A different one fetches the golden's one blob and fails with the pixel diff.
    let failed = try #require(try check(Self.changed, record: .never, store: nginx.url))
    let fetched = Array(try nginx.requests().dropFirst(uploads.count))
    #expect(fetched.count == 1 && fetched[0].hasPrefix("GET /ep/cas/\(digest) "), "\(fetched)")
    #expect(failed.contains("pixels differ"), "\(failed)")
    #expect(failed.contains("Diff (expected | difference | actual): "), "\(failed)")
    let expected = try #require(
      try scratch.files(in: "artifacts").first { $0.key.hasSuffix("expected/bio.png") })
    #expect(nginx.files()["cas/\(digest)"] == expected.value)
  }

  @Test func theTokenVariableIsTheStoresBearerToken() throws {
    guard let nginx = try GoldenLockTests.nginx(.requiring(authorization: "Bearer s3cret"))
    else { return }
    let refused = try check(Self.text, record: .missing, store: nginx.url)
    #expect(refused?.contains("HTTP 401") == true, "\(refused ?? "nil")")
    #expect(nginx.files().isEmpty)
    let recorded = try check(Self.text, record: .missing, store: nginx.url, token: "s3cret")
    #expect(recorded?.contains("no golden yet; recorded it") == true, "\(recorded ?? "nil")")
    #expect(nginx.files().count == 1)
  }
}
