internal import CPangoCairo
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

@testable import ExpandablePreview

/// Cairo 1.16 closes faces it opened itself while other threads use them (see `OpenFaces`);
/// the pinned set hands it faces opened once instead.
@Suite struct OpenFacesTests {
  @Test func everyFaceOfTheSetCarriesAFaceOpenedOnce() throws {
    let config = try PrivateFontConfigs.config(adding: [])
    // More faces than Cairo keeps open by itself (ten), or the race could not happen.
    #expect(config.faceCount > 10)
    #expect(config.openFaceCount == config.faceCount)
  }

  /// The face Cairo locks for a Pango font is the one the set opened, for faces of every kind
  /// the set has: OpenType, TrueType, a collection's later face, color bitmaps.
  @Test(arguments: [
    "Inter 17", "Inter Display Bold 28", "Noto Sans CJK JP 15", "Noto Serif CJK KR Bold 15",
    "Noto Color Emoji 20", "DejaVu Sans Mono Oblique 12", "Liberation Serif Italic 11",
  ])
  func cairoDrawsWithTheFaceTheSetOpened(description: String) throws {
    let config = try PrivateFontConfigs.config(adding: [])
    let map = try PangoFontMapRef(config: config)
    let (attached, locked) = try map.withUnsafePointer { map in
      let context = try #require(pango_font_map_create_context(map))
      defer { g_object_unref(UnsafeMutableRawPointer(context)) }
      let font = try #require(
        pango_font_map_load_font(map, context, pango_font_description_from_string(description)))
      defer { g_object_unref(font) }
      let pattern = try #require(
        pango_fc_font_get_pattern(
          UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)))
      var attached: FT_Face?
      _ = FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &attached)
      let scaled = try #require(pango_cairo_font_get_scaled_font(OpaquePointer(font)))
      let locked = cairo_ft_scaled_font_lock_face(scaled)
      cairo_ft_scaled_font_unlock_face(scaled)
      return (attached, locked)
    }
    #expect(attached != nil, "\(description): the pattern carries no open face")
    #expect(locked == attached, "\(description): Cairo opened a face of its own")
  }

  /// The stress command's work (random mixed-script inputs with every font of the fuzzer, each
  /// checked against every layout invariant: many layouts of many faces) on eight threads at
  /// once. Before the set opened its faces, the optimized stress command crashed in
  /// `cairo_scaled_font_glyph_extents` in 6 of 20 runs of this size.
  @Test func stressOnEightThreadsKeepsEveryInvariant() {
    let lock = NSLock()
    nonisolated(unsafe) var problems: [String] = []
    let finished = DispatchGroup()
    // Threads of their own: `concurrentPerform` would use only as many as there are cores.
    for thread in 0..<8 {
      finished.enter()
      Thread {
        defer { finished.leave() }
        let renderer: Renderer
        do {
          renderer = try Renderer()
        } catch {
          lock.withLock { problems.append("thread \(thread): \(error)") }
          return
        }
        for index in stride(from: thread, to: 200, by: 8) {
          let input = LayoutFuzzInput(LayoutFuzzInput.randomBytes(seed: 11, index: index))
          let found = LayoutInvariants.check(input, renderer: renderer).problems
          lock.withLock { problems += found.map { "input \(index): \($0)" } }
        }
      }.start()
    }
    finished.wait()
    #expect(lock.withLock { problems }.isEmpty)
  }

  /// The same work with the machine's fonts, whose faces Cairo opens by file name: renders with
  /// system fonts are serialized in the process, so the race cannot happen (parallel
  /// `--system-fonts` runs crashed with SIGSEGV in about one run in fifteen). Their output is
  /// the same as one thread's.
  @Test func systemFontsOnEightThreadsKeepEveryInvariantAndMatchOneThread() throws {
    let lock = NSLock()
    nonisolated(unsafe) var problems: [String] = []
    nonisolated(unsafe) var images: [Int: Image] = [:]
    let finished = DispatchGroup()
    let texts = MixedCorpus.texts(count: 64, seed: 5)
    let component: @Sendable (Int) -> ExpandableText = {
      ExpandableText(text: texts[$0]).lineLimit(2)
    }
    for thread in 0..<8 {
      finished.enter()
      Thread {
        defer { finished.leave() }
        guard let renderer = try? Renderer(fontSet: .system) else {
          lock.withLock { problems.append("no system renderer") }
          return
        }
        for index in stride(from: thread, to: 64, by: 8) {
          let input = LayoutFuzzInput(LayoutFuzzInput.randomBytes(seed: 12, index: index))
          let found = LayoutInvariants.check(input, renderer: renderer).problems
          let image = try? renderer.render(component(index), options: RenderOptions(width: 200))
          lock.withLock {
            problems += found.map { "input \(index): \($0)" }
            images[index] = image?.image
          }
        }
      }.start()
    }
    finished.wait()
    #expect(lock.withLock { problems }.isEmpty)
    let renderer = try Renderer(fontSet: .system)
    for index in 0..<64 {
      let alone = try renderer.render(component(index), options: RenderOptions(width: 200))
      #expect(images[index] == alone.image!, "text \(index)")
    }
  }
}
