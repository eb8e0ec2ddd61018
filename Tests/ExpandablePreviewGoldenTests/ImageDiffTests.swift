import ExpandablePreview
import ExpandablePreviewGolden
import TestSupport
import Testing

@Suite struct ImageDiffTests {
  @Test func identicalImagesMatchWithoutDifferences() {
    let image = TestImages.cairoRectangle(x: 10.5, width: 12)
    let result = ImageDiff(expected: image, actual: image).result
    #expect(result.status == .match)
    #expect(result.diffPixels == 0 && result.aaPixels == 0)
    #expect(result.totalPixels == 40 * 20)
  }

  @Test func onePixelChangedFailsAndIsCounted() {
    let before = TestImages.filled(10, 10)
    let after = TestImages.setting(before, 3, 4, (255, 0, 0, 255))
    let result = ImageDiff(expected: before, actual: after).result
    #expect(result.status == .mismatch)
    #expect(result.diffPixels == 1)
    #expect(result.aaPixels == 0)
    #expect(result.summary == "1 of 100 pixels differ (0 more differ only by anti-aliasing)")
  }

  @Test func toleranceOfOnePixelLetsOnePixelPass() {
    let before = TestImages.filled(10, 10)
    let after = TestImages.setting(before, 3, 4, (255, 0, 0, 255))
    #expect(
      ImageDiff(expected: before, actual: after, options: DiffOptions(maxDiffPixels: 1))
        .result.status == .match)
    #expect(
      ImageDiff(expected: before, actual: after, options: DiffOptions(maxDiffRatio: 0.01))
        .result.status == .match)
    #expect(
      ImageDiff(expected: before, actual: after, options: DiffOptions(maxDiffRatio: 0.009))
        .result.status == .mismatch)
  }

  @Test func changeBelowThresholdIsNoDifference() {
    let before = TestImages.filled(4, 4)
    let after = TestImages.setting(before, 1, 1, (250, 250, 250, 255))
    let result = ImageDiff(expected: before, actual: after).result
    #expect(result.status == .match)
    #expect(result.diffPixels == 0)
    // A zero threshold sees it.
    #expect(
      ImageDiff(expected: before, actual: after, options: DiffOptions(threshold: 0))
        .result.diffPixels == 1)
  }

  @Test func subpixelShiftOfCairoEdgeIsAntialiasingOnly() {
    let before = TestImages.cairoRectangle(x: 10, width: 12.5)
    let after = TestImages.cairoRectangle(x: 10.3, width: 12.5)
    #expect(before != after)
    let result = ImageDiff(expected: before, actual: after).result
    #expect(result.status == .match)
    #expect(result.diffPixels == 0)
    // Both vertical edges move: one column each, 12 rows high.
    #expect(result.aaPixels == 24)
    // Counting anti-aliasing turns the same change into a failure.
    let strict = ImageDiff(
      expected: before, actual: after, options: DiffOptions(countsAntialiasing: true)
    ).result
    #expect(strict.status == .mismatch)
    #expect(strict.diffPixels == 24)
  }

  @Test func wholePixelMoveIsARealDifference() {
    let before = TestImages.cairoRectangle(x: 10, width: 12)
    let after = TestImages.cairoRectangle(x: 14, width: 12)
    let result = ImageDiff(expected: before, actual: after).result
    #expect(result.status == .mismatch)
    #expect(result.diffPixels == 2 * 4 * 12)
  }

  /// The centre turns white. Its two darkest neighbours tie (both black): pixelmatch tests the
  /// one it meets first going column by column, (1, 3), which lies in a black corner, so the
  /// centre is anti-aliasing. Transposed, the first one met is the other, which has no equal
  /// neighbours, so the change is real. pixelmatch 0.4.0 gives 0 and 1 for these two pairs.
  @Test func tiedNeighboursAreTestedInPixelmatchsOrder() {
    let rows: [[UInt8]] = [
      [10, 20, 30, 40, 50],
      [60, 70, 0, 80, 90],
      [100, 110, 128, 140, 150],
      [0, 0, 160, 170, 180],
      [0, 0, 190, 200, 210],
    ]
    let columns = (0..<5).map { x in rows.map { $0[x] } }
    for (grid, antialiased) in [(rows, true), (columns, false)] {
      let before = TestImages.gray(grid)
      let after = TestImages.setting(before, 2, 2, TestImages.white)
      let result = ImageDiff(expected: before, actual: after).result
      #expect(result.aaPixels == (antialiased ? 1 : 0))
      #expect(result.diffPixels == (antialiased ? 0 : 1))
    }
  }

  @Test func sizeChangeAlwaysFailsAndSaysSo() {
    let before = TestImages.filled(10, 10)
    let after = TestImages.filled(10, 12)
    let result = ImageDiff(
      expected: before, actual: after, options: DiffOptions(maxDiffPixels: 1000)
    ).result
    #expect(result.status == .sizeChanged)
    #expect(result.diffPixels == 20)
    #expect(result.totalPixels == 120)
    #expect(result.summary == "size changed from 10×10 to 10×12")
  }

  @Test func alphaOnlyChangeIsADifference() {
    let before = TestImages.filled(4, 4, (255, 255, 255, 0))
    // White text on a clear background: only the alpha channel changes.
    let after = TestImages.setting(before, 2, 2, (255, 255, 255, 255))
    #expect(ImageDiff(expected: before, actual: after).result.diffPixels == 1)
    let colored = TestImages.filled(4, 4, (0, 0, 200, 255))
    let faded = TestImages.setting(colored, 0, 0, (0, 0, 200, 100))
    #expect(ImageDiff(expected: colored, actual: faded).result.diffPixels == 1)
  }

  @Test func threePanelImageShowsExpectedDifferenceActual() {
    let before = TestImages.filled(10, 10)
    let after = TestImages.setting(before, 3, 4, (0, 0, 255, 255))
    let panels = ImageDiff(expected: before, actual: after).threePanelImage()
    #expect(panels.width == 3 * 10 + 2 * 4)
    #expect(panels.height == 10)
    #expect(panels.pixel(x: 3, y: 4) == (255, 255, 255, 255))
    #expect(panels.pixel(x: 14 + 3, y: 4) == (255, 0, 0, 255))
    // Unchanged pixels are a light gray copy; white stays white.
    #expect(panels.pixel(x: 14, y: 0) == (255, 255, 255, 255))
    #expect(panels.pixel(x: 28 + 3, y: 4) == (0, 0, 255, 255))
  }

  @Test func threePanelImagePadsASizeChange() {
    let before = TestImages.filled(10, 10, TestImages.black)
    let after = TestImages.filled(10, 12, TestImages.black)
    let panels = ImageDiff(expected: before, actual: after).threePanelImage()
    #expect(panels.height == 12)
    // Below the expected image: padding on the left, red in the middle, black on the right.
    #expect(panels.pixel(x: 0, y: 11).r == panels.pixel(x: 0, y: 11).g)
    #expect(panels.pixel(x: 0, y: 11).r >= 192)
    #expect(panels.pixel(x: 14, y: 11) == (255, 0, 0, 255))
    #expect(panels.pixel(x: 28, y: 11) == (0, 0, 0, 255))
    // A dark image's unchanged pixels fade towards black, so its light text stays readable.
    #expect(panels.pixel(x: 14, y: 0) == (0, 0, 0, 255))
  }

  @Test func aLightImageFadesAsPixelmatchAndADarkOneKeepsLightTextReadable() {
    // Light: unchanged black text on white is faded to a light gray, 229.5 truncated, as
    // pixelmatch draws it.
    let light = TestImages.setting(TestImages.filled(10, 10), 2, 2, TestImages.black)
    let lightPanels = ImageDiff(
      expected: light, actual: TestImages.setting(light, 5, 5, TestImages.black)
    ).threePanelImage()
    #expect(lightPanels.pixel(x: 14 + 2, y: 2) == (229, 229, 229, 255))
    #expect(lightPanels.pixel(x: 14, y: 0) == (255, 255, 255, 255))
    // Dark: white text on black was white on light gray (255 on 229); now mid gray on black.
    let dark = TestImages.setting(
      TestImages.filled(10, 10, TestImages.black), 2, 2, TestImages.white)
    let darkPanels = ImageDiff(
      expected: dark, actual: TestImages.setting(dark, 5, 5, TestImages.white)
    ).threePanelImage()
    #expect(darkPanels.pixel(x: 14 + 2, y: 2) == (127, 127, 127, 255))
    #expect(darkPanels.pixel(x: 14, y: 0) == (0, 0, 0, 255))
    #expect(darkPanels.pixel(x: 14 + 5, y: 5) == (255, 0, 0, 255))
  }

  @Test func antialiasingDifferencesAreYellowInThePanel() {
    let before = TestImages.cairoRectangle(x: 10, width: 12.5)
    let after = TestImages.cairoRectangle(x: 10.3, width: 12.5)
    let panels = ImageDiff(expected: before, actual: after).threePanelImage()
    #expect(panels.pixel(x: 44 + 10, y: 10) == (255, 255, 0, 255))
  }

  /// A diff of a huge image is reduced to the pixel limit by a whole factor, and a single
  /// changed pixel still shows red in its block (a 30,000-pixel-wide image made a 2.5 GB diff).
  @Test func aLargeDiffIsReducedWithEveryChangeStillRed() {
    let before = TestImages.filled(300, 40)
    let after = TestImages.setting(before, 157, 23, (0, 0, 255, 255))
    let diff = ImageDiff(expected: before, actual: after)
    // Full size: 3 × 300 + 8 wide by 40 high = 36,320 pixels; at most 5,000 needs a factor 3.
    #expect(diff.threePanelScale(maxPixels: 5_000) == 3)
    let panels = diff.threePanelImage(maxPixels: 5_000)
    #expect(panels.width * panels.height <= 5_000)
    #expect(panels.width == 3 * 100 + 2 * 4 && panels.height == 14)
    #expect(panels.pixel(x: 104 + 157 / 3, y: 23 / 3) == (255, 0, 0, 255))
    let red = (0..<panels.height).flatMap { y in (104..<204).map { (x: $0, y: y) } }
      .filter { panels.pixel(x: $0.x, y: $0.y) == (255, 0, 0, 255) }
    #expect(red.count == 1)
    #expect(diff.threePanelScale() == 1)
    #expect(
      diff.threePanelImage()
        == ImageDiff(expected: before, actual: after).threePanelImage(maxPixels: .max))
  }
}
