import ExpandablePreview
import Foundation
import TestSupport
import Testing

@testable import ExpandablePreviewGolden

/// ImageDiff against pixelmatch itself (0.4.0 from PyPI) on a few hundred seeded pairs: for
/// opaque images the counts and the difference image must be pixelmatch's exactly; for
/// translucent ones ImageDiff may only add pixels whose change shows over black.
@Suite struct PixelmatchReferenceTests {
  @Test(
    .enabled(
      if: Pixelmatch.isInstalled,
      "pixelmatch is not installed in .build/python-venv; run Scripts/setup-python.sh"))
  func countsAndDifferenceImagesArePixelmatchs() throws {
    let pairs = try ReferencePairs.make(
      seed: 16, rendersPerChange: 28, translucentPerChange: 8, synthetic: 30)
    let folder = try temporaryFolder()
    for pair in pairs {
      try pair.expected.write(to: folder.appendingPathComponent(pair.name + "-expected.png"))
      try pair.actual.write(to: folder.appendingPathComponent(pair.name + "-actual.png"))
    }
    let run = try Pixelmatch.Run(folder: folder)
    let ours = pairs.map { ImageDiff(expected: $0.expected, actual: $0.actual) }
    let reference = try run.counts()

    var countMismatches: [String] = []
    var imageMismatches: [String] = []
    var translucentMismatches: [String] = []
    var extraTranslucentPixels = 0
    for (pair, diff) in zip(pairs, ours) {
      let theirs = try #require(reference[pair.name], "pixelmatch skipped \(pair.name)")
      let theirImage = try Image(
        contentsOf: folder.appendingPathComponent(pair.name + "-pixelmatch.png"))
      let ourImage = diff.differenceImage()
      if pair.isOpaque {
        let counts = Pixelmatch.Counts(diff: diff.result.diffPixels, aa: diff.result.aaPixels)
        if counts != theirs {
          countMismatches.append("\(pair.name): ours \(counts), pixelmatch's \(theirs)")
        }
        if let first = firstDifference(ourImage, theirImage) {
          imageMismatches.append("\(pair.name): \(first)")
        }
      } else {
        let comparison = compareTranslucent(pair, ourImage, theirImage)
        extraTranslucentPixels += comparison.extra
        if let problem = comparison.problem {
          translucentMismatches.append("\(pair.name): \(problem)")
        }
      }
    }
    let opaque = pairs.filter(\.isOpaque).count
    let kept = "pairs and diff images are kept in \(folder.path)"
    #expect(
      countMismatches.isEmpty,
      "\(countMismatches.count) of \(opaque) opaque pairs count differently from pixelmatch; \(kept):\n\(countMismatches.prefix(20).joined(separator: "\n"))"
    )
    #expect(
      imageMismatches.isEmpty,
      "\(imageMismatches.count) of \(opaque) opaque pairs have another difference image than pixelmatch's; \(kept):\n\(imageMismatches.prefix(20).joined(separator: "\n"))"
    )
    #expect(
      translucentMismatches.isEmpty,
      "\(translucentMismatches.count) translucent pairs differ from pixelmatch beyond the over-black extension; \(kept):\n\(translucentMismatches.prefix(20).joined(separator: "\n"))"
    )
    // The pairs exercise what they should: both kinds of pixel, and the over-black extension.
    #expect(opaque >= 250 && pairs.count - opaque >= 24, "\(opaque) opaque pairs")
    #expect(reference.values.contains { $0.aa > 0 } && reference.values.contains { $0.diff > 0 })
    #expect(extraTranslucentPixels > 0)
    if countMismatches.isEmpty, imageMismatches.isEmpty, translucentMismatches.isEmpty {
      try FileManager.default.removeItem(at: folder)
    }
  }

  /// Where two images first differ, or `nil` when they are equal.
  private func firstDifference(_ ours: Image, _ theirs: Image) -> String? {
    guard ours.width == theirs.width, ours.height == theirs.height else {
      return "sizes \(ours.width)×\(ours.height) and \(theirs.width)×\(theirs.height)"
    }
    guard ours != theirs else { return nil }
    for y in 0..<ours.height {
      for x in 0..<ours.width where ours.pixel(x: x, y: y) != theirs.pixel(x: x, y: y) {
        return
          "first at (\(x), \(y)): ours \(ours.pixel(x: x, y: y)), pixelmatch's \(theirs.pixel(x: x, y: y))"
      }
    }
    return nil
  }

  /// Pixel by pixel: where pixelmatch marks a pixel (red or yellow) ImageDiff marks it the
  /// same way; where pixelmatch leaves it gray, ImageDiff draws the same gray unless one of the
  /// two pixels is translucent (then it may see the change over black). Returns the first
  /// pixel breaking that, and how many pixels ImageDiff added.
  private func compareTranslucent(_ pair: ImagePair, _ ours: Image, _ theirs: Image)
    -> (problem: String?, extra: Int)
  {
    func isMarked(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
      p.r != p.g || p.g != p.b
    }
    var extra = 0
    for y in 0..<ours.height {
      for x in 0..<ours.width {
        let mine = ours.pixel(x: x, y: y)
        let reference = theirs.pixel(x: x, y: y)
        if mine == reference { continue }
        let translucent =
          pair.expected.pixel(x: x, y: y).a < 255 || pair.actual.pixel(x: x, y: y).a < 255
        if !isMarked(reference), isMarked(mine), translucent {
          extra += 1
          continue
        }
        return ("at (\(x), \(y)): ours \(mine), pixelmatch's \(reference)", extra)
      }
    }
    return (nil, extra)
  }
}
