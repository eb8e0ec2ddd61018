import ExpandablePreviewTesting
import Foundation
import Testing

/// The defaults a first snapshot test relies on: the golden's name, one width, artifacts that
/// never collide, and a record mode that says why it is `never`.
@Suite struct SnapshotDefaultsTests {
  @Test func theNameDefaultsToTheCallingTest() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let message = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327)
    }
    let golden = root.appendingPathComponent("Snapshots/theNameDefaultsToTheCallingTest.png")
    #expect(
      message?.hasPrefix("\(golden.path): no golden yet") == true, "\(message ?? "")")
    #expect(FileManager.default.fileExists(atPath: golden.path))
  }

  @Test func theOptionsFormTakesTheWidthFromTheOptions() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    withSnapshotConfiguration(configuration) {
      _ = verifySnapshot(of: bio, options: RenderOptions(width: 200, scale: 1), named: "narrow")
    }
    let golden = try Image(
      contentsOf: root.appendingPathComponent("Snapshots/narrow.png"))
    #expect(golden.width == 200)
  }

  @Test func goldensOfTheSameNameInTwoFoldersLeaveTwoArtifacts() throws {
    let (root, _) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    var messages: [String] = []
    for folder in ["CardTests", "ProfileTests"] {
      let configuration = SnapshotConfiguration(
        directory: root.appendingPathComponent(folder), record: .never, artifacts: artifacts)
      messages.append(
        withSnapshotConfiguration(configuration) {
          verifySnapshot(of: bio, width: 327, named: "bio")
        } ?? "")
    }
    let actuals = messages.compactMap { message in
      message.split(separator: "\n").first { $0.hasPrefix("Actual: ") }
    }
    #expect(actuals.count == 2)
    #expect(Set(actuals).count == 2)
    #expect(actuals[0].hasSuffix("/CardTests/actual/bio.png"))
    #expect(actuals[1].hasSuffix("/ProfileTests/actual/bio.png"))
  }

  /// A golden folder outside the package lands under the artifacts folder by its path relative
  /// to the folder both share, or by its name when they share only `/`: never by its absolute
  /// path (which once gave `/tmp/X/artifacts/tmp/X/Snapshots/actual/bio.png`).
  @Test func goldensOutsideThePackageLeaveArtifactsUnderARelativePath() throws {
    let (root, _) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    // A writable folder that shares only `/` with the goldens' temporary folder, wherever the
    // package and the temporary folder lie (a clone under /tmp shares /tmp with it).
    let package = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let top = root.standardizedFileURL.pathComponents.dropFirst().first
    let candidates = [
      package.appendingPathComponent(".build"), URL(fileURLWithPath: "/var/tmp"),
      URL(fileURLWithPath: "/dev/shm"), FileManager.default.homeDirectoryForCurrentUser,
    ]
    let base = try #require(
      candidates.first {
        $0.standardizedFileURL.pathComponents.dropFirst().first != top
          && FileManager.default.isWritableFile(atPath: $0.path)
      }, "no writable folder outside /\(top ?? "") to put artifacts in")
    let elsewhere = base.appendingPathComponent("artifacts-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let golden = root.appendingPathComponent("Goldens/Cards")
    let cases: [(artifacts: URL, expected: String)] = [
      (root.appendingPathComponent("artifacts"), "\(root.path)/artifacts/Goldens/Cards"),
      (root.appendingPathComponent("a/b/artifacts"), "\(root.path)/a/b/artifacts/Goldens/Cards"),
      (elsewhere, "\(elsewhere.path)/Cards"),
    ]
    for (artifacts, expected) in cases {
      let configuration = SnapshotConfiguration(
        directory: golden, record: .never, artifacts: artifacts)
      let message =
        withSnapshotConfiguration(configuration) {
          verifySnapshot(of: bio, width: 327, named: "bio")
        } ?? ""
      let actual = "\(expected)/actual/bio.png"
      #expect(message.split(separator: "\n").contains { $0 == "Actual: \(actual)" }, "\(message)")
      #expect(FileManager.default.fileExists(atPath: actual), "\(actual)")
    }
  }

  @Test func theDefaultArtifactsFolderIsInsideThePackage() throws {
    // `#filePath` is a literal, so the package lives at a fixed place.
    let testFile: StaticString =
      "/tmp/expandable-preview-testing-tests/package/Tests/CardTests/CardTests.swift"
    let package = URL(fileURLWithPath: "/tmp/expandable-preview-testing-tests/package")
    try? FileManager.default.removeItem(at: package)
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Tests/CardTests"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: package) }
    try Data("// swift-tools-version:6.0\n".utf8).write(
      to: package.appendingPathComponent("Package.swift"))
    let message = withSnapshotConfiguration(SnapshotConfiguration(record: .never)) {
      verifySnapshot(of: bio, width: 327, named: "bio", filePath: testFile)
    }
    let expected =
      "Actual: \(package.path)/.build/expandable-preview-artifacts/"
      + "Tests/CardTests/Snapshots/CardTests/actual/bio.png"
    #expect(message?.split(separator: "\n").contains { $0 == expected } == true, "\(message ?? "")")
  }

  @Test func neverOnCISaysWhy() {
    #expect(
      RecordMode.explained(.never, environment: ["CI": "true"]) == "never (because CI is set)")
    #expect(
      RecordMode.explained(
        .never, environment: ["CI": "true", RecordMode.environmentVariable: "never"]) == "never")
    #expect(RecordMode.explained(.never, environment: [:]) == "never")
    #expect(RecordMode.explained(.missing, environment: ["CI": "1"]) == "missing")
  }

  @Test func aPassingCheckRemovesItsStaleArtifacts() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let first = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "stale")
    }
    let actual = try #require(
      first?.split(separator: "\n").first { $0.hasPrefix("Actual: ") }?.dropFirst(8))
    #expect(FileManager.default.fileExists(atPath: String(actual)))
    #expect(
      withSnapshotConfiguration(configuration) {
        verifySnapshot(of: bio, width: 327, named: "stale")
      } == nil)
    #expect(!FileManager.default.fileExists(atPath: String(actual)))
  }
}
