import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import Testing

/// A fresh folder for goldens and one for artifacts.
func snapshotFolders(_ name: String = #function) throws -> (
  root: URL, configuration: SnapshotConfiguration
) {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("expandable-preview-testing-tests")
    .appendingPathComponent("\(name.filter { $0.isLetter })-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  return (
    root,
    SnapshotConfiguration(
      directory: root.appendingPathComponent("Snapshots"),
      artifacts: root.appendingPathComponent("artifacts"))
  )
}

/// Where a failure under `snapshotFolders` leaves its files: the artifacts folder, then the
/// golden folder's path relative to the folder both are in (the goldens lie outside this
/// package), not its absolute path.
func mirroredArtifacts(_ root: URL) -> URL {
  root.appendingPathComponent("artifacts").appendingPathComponent("Snapshots")
}

let bio = ExpandableText(
  text: "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, and Xcode."
).lineLimit(2)

@Suite struct AssertSnapshotTests {
  @Test func firstRunRecordsAndFailsThenMatches() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let first = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "bio")
    }
    let golden = root.appendingPathComponent("Snapshots/bio.png")
    #expect(
      first == """
        \(golden.path): no golden yet; recorded it, run again to compare
        Actual: \(mirroredArtifacts(root).path)/actual/bio.png
        """)
    #expect(FileManager.default.fileExists(atPath: golden.path))
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Snapshots/fingerprint.json").path))
    withSnapshotConfiguration(configuration) {
      #expect(verifySnapshot(of: bio, width: 327, named: "bio") == nil)
      assertSnapshot(of: bio, width: 327, named: "bio")
    }
  }

  @Test func mismatchWritesArtifactsAndSaysWhere() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    let golden = root.appendingPathComponent("Snapshots/bio.png")
    let message = try withSnapshotConfiguration(configuration) { () throws -> String? in
      _ = verifySnapshot(of: bio, width: 327, named: "bio")
      let bytes = try Data(contentsOf: golden)
      defer { #expect((try? Data(contentsOf: golden)) == bytes) }
      return verifySnapshot(of: bio.lineLimit(1), width: 327, named: "bio")
    }
    let lines = try #require(message).split(separator: "\n").map(String.init)
    let twoLines = try bio.render(RenderOptions(width: 327)).image!.height
    let oneLine = try bio.lineLimit(1).render(RenderOptions(width: 327)).image!.height
    // What changed in the layout first, then the pixels: two whole lines are now cut to one.
    #expect(
      lines.first?.hasPrefix("\(golden.path): layout changed: now cut at character ") == true,
      "\(lines)")
    #expect(lines.first?.contains("lines 2 → 1") == true)
    #expect(
      lines.first?.hasSuffix(
        "(pixels: size changed from 654×\(twoLines) to 654×\(oneLine))") == true, "\(lines)")
    let artifacts = mirroredArtifacts(root)
    #expect(lines.contains("Actual: \(artifacts.path)/actual/bio.png"))
    #expect(lines.contains("Diff (expected | difference | actual): \(artifacts.path)/diff/bio.png"))
    // The configuration's record mode wins over the environment, so the hint names the code.
    #expect(lines.last == "To accept: set the record mode in the test to .failed and run it again")
    let diff = try Image(contentsOf: artifacts.appendingPathComponent("diff/bio.png"))
    #expect(diff.width == 654 * 3 + 8 && diff.height == twoLines)

    // With no mode in code, the environment variable decides, and the hint names it.
    var fromEnvironment = base
    fromEnvironment.record = nil
    let hint = withSnapshotConfiguration(fromEnvironment) {
      verifySnapshot(of: bio.lineLimit(1), width: 327, named: "bio")
    }
    // Only this test: `swift test --filter` with the test's name.
    #expect(
      hint?.hasSuffix(
        #"To accept: EXPANDABLE_PREVIEW_RECORD=failed swift test --filter '^ExpandablePreviewTestingTests\.AssertSnapshotTests/mismatchWritesArtifactsAndSaysWhere\(\)(/|$)'"#
      ) == true, "\(hint ?? "")")
  }

  @Test func neverModeDoesNotRecordAMissingGolden() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .never
    let message = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "cards/bio")
    }
    let golden = root.appendingPathComponent("Snapshots/cards/bio.png")
    #expect(
      message?.hasPrefix(
        "\(golden.path): no golden yet; not recorded: record mode never\n") == true,
      "\(message ?? "")")
    #expect(
      message?.hasSuffix("To accept: set the record mode in the test to .missing and run it again")
        == true)
    #expect(!FileManager.default.fileExists(atPath: golden.path))
  }

  @Test func failedModeRerecordsAndStillFails() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    withSnapshotConfiguration(configuration) {
      _ = verifySnapshot(of: bio, width: 327, named: "bio")
    }
    configuration.record = .failed
    let message = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio.lineLimit(1), width: 327, named: "bio")
    }
    #expect(
      message?.split(separator: "\n").first?.hasSuffix(
        "; re-recorded the golden (record mode failed)") == true, "\(message ?? "")")
    // The layout record it replaced still explains the change in words.
    #expect(message?.contains("bio.png: layout changed: ") == true, "\(message ?? "")")
    #expect(message?.contains("(pixels: size changed from 654×") == true, "\(message ?? "")")
    // Nothing is left to accept.
    #expect(message?.contains("To accept") == false)
    #expect(
      withSnapshotConfiguration(configuration) {
        verifySnapshot(of: bio.lineLimit(1), width: 327, named: "bio")
      } == nil)
  }

  @Test func defaultFolderIsSnapshotsBesideTheTestFile() throws {
    let (root, _) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    let testFile: StaticString = "/tmp/expandable-preview-testing-tests/default/CardTests.swift"
    let folder = URL(fileURLWithPath: "/tmp/expandable-preview-testing-tests/default")
    defer { try? FileManager.default.removeItem(at: folder) }
    let message = withSnapshotConfiguration(
      SnapshotConfiguration(record: .missing, artifacts: root)
    ) {
      verifySnapshot(of: bio, width: 327, named: "bio", filePath: testFile)
    }
    #expect(
      message?.hasPrefix("\(folder.path)/Snapshots/CardTests/bio.png: no golden yet;") == true)
  }

  @Test func failureIsReportedThroughSwiftTesting() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .never
    withKnownIssue {
      withSnapshotConfiguration(configuration) { assertSnapshot(of: bio, width: 327, named: "bio") }
    } matching: { issue in
      // The outcome heads the issue (as its error), not "Issue recorded".
      "\(issue.error.map { "\($0)" } ?? "")".contains("/bio.png: no golden yet")
    }
  }

  /// An emoji added to the text draws with a font the golden did not use: a content change on
  /// the same machine, reported as a pixel failure, not as "other fonts than this machine has".
  @Test func aNewFontFromNewContentIsAPlainFailure() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    withSnapshotConfiguration(configuration) {
      _ = verifySnapshot(of: bio, width: 327, named: "bio")
    }
    configuration.record = .never
    var withEmoji = bio
    withEmoji.text = "🚀 " + bio.text
    let message = try #require(
      withSnapshotConfiguration(configuration) {
        verifySnapshot(of: withEmoji, width: 327, named: "bio")
      })
    #expect(!message.contains("the fonts differ"), "\(message)")
    #expect(message.contains("pixels differ") || message.contains("size changed"), "\(message)")
  }

  @Test func aGoldenWhoseFontsDifferSaysWhichFileAndPackage() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    // The label takes the text's font, so DejaVu Sans draws everything.
    let dejaVu = bio.font(.body.family("DejaVu Sans")).expandButton(TextSet(text: "more"))
    withSnapshotConfiguration(configuration) {
      _ = verifySnapshot(of: dejaVu, width: 327, named: "bio")
    }
    let folder = root.appendingPathComponent("Snapshots")
    var recorded = try #require(try Fingerprint.read(in: folder))
    #expect(recorded.fonts.map(\.file) == ["DejaVuSans.ttf"])
    #expect(recorded.fonts.first?.package == "fonts-dejavu-core")
    #expect(recorded.goldens == ["bio.png": ["DejaVuSans.ttf"]])
    // The same golden, recorded on a machine whose DejaVuSans.ttf had other bytes.
    recorded = Fingerprint(
      libraries: recorded.libraries,
      fonts: [
        .init(
          name: "DejaVu Sans", file: "DejaVuSans.ttf", sha256: "0123456789abcdef",
          package: "fonts-dejavu-core")
      ],
      goldens: recorded.goldens)
    try recorded.write(in: folder)
    let message = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: dejaVu.lineLimit(1), width: 327, named: "bio")
    }
    let lines = try #require(message).split(separator: "\n").map(String.init)
    let golden = folder.appendingPathComponent("bio.png").path
    #expect(
      lines[0].hasPrefix(
        "\(golden): the fonts differ from the golden's: DejaVuSans.ttf (DejaVu Sans, Debian "
          + "package fonts-dejavu-core) differs: sha256 "), "\(lines)")
    #expect(lines[0].contains(", 0123456789ab when recorded; layout changed: "))
    #expect(lines[0].contains("(pixels: size changed from "))

    // A golden recorded with another file of the set names it and its Debian package.
    recorded = Fingerprint(
      libraries: recorded.libraries,
      fonts: recorded.fonts + [
        .init(
          name: "Noto Sans Thai", file: "NotoSansThai-Regular.ttf", sha256: "00",
          package: "fonts-noto-core")
      ],
      goldens: ["bio.png": ["NotoSansThai-Regular.ttf"]])
    try recorded.write(in: folder)
    let other = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: dejaVu.lineLimit(1), width: 327, named: "bio")
    }
    let otherLines = try #require(other).split(separator: "\n").map(String.init)
    #expect(
      otherLines.contains {
        $0.contains(
          "DejaVuSans.ttf (DejaVu Sans, Debian package fonts-dejavu-core) drew this image but not the golden"
        )
      })
    #expect(
      otherLines[0].hasPrefix(
        "\(golden): the fonts differ from the golden's: NotoSansThai-Regular.ttf (Noto Sans "
          + "Thai, Debian package fonts-noto-core)"), "\(otherLines)")
  }
}

let traitFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("expandable-preview-trait-\(ProcessInfo.processInfo.processIdentifier)")

@Suite(.snapshots(directory: traitFolder, record: .missing))
struct SnapshotTraitTests {
  @Test func traitSetsTheFolderForTheSuite() throws {
    defer { try? FileManager.default.removeItem(at: traitFolder) }
    let message = verifySnapshot(of: bio, width: 327, named: "trait")
    #expect(message?.hasPrefix("\(traitFolder.path)/trait.png: no golden yet;") == true)
    #expect(
      FileManager.default.fileExists(atPath: traitFolder.appendingPathComponent("trait.png").path))
  }
}
