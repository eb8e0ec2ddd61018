import Foundation
import TestSupport
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// `render --text` with a font file that cannot be used, run in process: bad input (exit 2)
/// with a message naming the flag and the file, and no image written.
@Suite struct FontInputErrorTests {
  /// Runs `arguments` in process and returns the exit status and what went to standard error.
  func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errorsFile = folder.appendingPathComponent("standard-error")
    let error = open(errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let output = open("/dev/null", O_WRONLY)
    defer {
      close(error)
      close(output)
    }
    let status = runTool(
      arguments, streams: ToolStreams(output: output, error: error),
      environment: ProcessInfo.processInfo.environment)
    return (status, try String(contentsOf: errorsFile, encoding: .utf8))
  }

  /// A collection declaring 10,000 faces (800 KB) would cost gigabytes if each were opened;
  /// it is refused before any is, like a file that is no font at all.
  @Test(arguments: [10_000, 257])
  func aCollectionDeclaringTooManyFacesIsBadInputNamingTheFile(faces: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = folder.appendingPathComponent("Many.ttc")
    let dejaVu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    try collectionRepeatingFace(of: Data(contentsOf: dejaVu), count: faces).write(to: font)
    let image = folder.appendingPathComponent("a.png")
    let result = try run(["render", "--text", "Hello", "--out", image.path, "--fonts", font.path])
    #expect(result.status == 2, "\(result.errors)")
    #expect(
      result.errors
        == "error: --fonts: \(font.path): declares \(faces) faces; a font file may hold at most 256\n"
    )
    #expect(!FileManager.default.fileExists(atPath: image.path))
  }

  @Test func aFileThatIsNoFontIsBadInputNamingTheFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = folder.appendingPathComponent("bad.ttf")
    try Data("not a font at all".utf8).write(to: font)
    let image = folder.appendingPathComponent("a.png")
    let result = try run(["render", "--text", "Hello", "--out", image.path, "--fonts", font.path])
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.errors.contains("--fonts: \(font.path)"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: image.path))
  }
}
