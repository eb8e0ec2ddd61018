import ExpandablePreview

/// What must hold for every render, whatever the input; the fuzzer and the corpus replay test
/// both check these.
public enum LayoutInvariants {
  /// Renders both states of `input` and returns every broken invariant (empty when all hold).
  public static func violations(of input: LayoutFuzzInput, renderer: Renderer) -> [String] {
    check(input, renderer: renderer).problems
  }

  /// What one check found: the broken invariants and the collapsed render's layout count
  /// (0 when the input was rejected).
  public struct Outcome: Sendable {
    public var problems: [String]
    public var collapsedLayouts: Int
  }

  /// Renders both states of `input` and checks every invariant.
  public static func check(_ input: LayoutFuzzInput, renderer: Renderer) -> Outcome {
    var problems: [String] = []
    var collapsedOptions = input.options
    collapsedOptions.state = .collapsed
    var expandedOptions = input.options
    expandedOptions.state = .expanded
    let component = input.component
    let collapsed: RenderResult
    let expanded: RenderResult
    do {
      collapsed = try renderer.render(component, options: collapsedOptions)
      expanded = try renderer.render(component, options: expandedOptions)
    } catch .configuration, .imageTooLarge {
      // A clear rejection (a NUL in the text, an image past the limits) is a fine answer.
      return Outcome(problems: [], collapsedLayouts: 0)
    } catch {
      return Outcome(problems: ["render failed: \(error)"], collapsedLayouts: 0)
    }
    let layout = collapsed.layout
    if !component.text.utf8.starts(with: layout.visibleText.utf8) {
      problems.append("visible text is not a prefix of the text")
    }
    // The brute-force reference: the longest prefix that fits (ellipsis), the first lines and
    // the label's frame (fade), and never more than lineLimit lines, in either style.
    do {
      let reference = try TruncationReference(
        component, options: collapsedOptions, renderer: renderer)
      for (kind, message) in reference.mismatches(ofCollapsed: layout, component) {
        problems.append("\(kind.rawValue): \(message)")
      }
      let allowed = maxLayouts(
        candidates: reference.candidates.count, textBytes: reference.drawnText.utf8.count)
      if layout.layouts > allowed {
        problems.append("collapsed render made \(layout.layouts) layouts, at most \(allowed)")
      }
    } catch {
      problems.append("the reference failed where the render succeeded: \(error)")
    }
    for (name, frame) in [("label", layout.label), ("fade", layout.fade)] {
      guard let frame else { continue }
      if frame.x < 0 || frame.y < 0 || frame.width < 0 || frame.height < 0
        || frame.maxX > input.options.width + 1e-6
      {
        problems.append("\(name) frame \(frame) outside the image")
      }
    }
    if layout.exceedsLineLimit != expanded.layout.exceedsLineLimit {
      problems.append("truncated differs between states")
    }
    if !layout.exceedsLineLimit && collapsed.image != expanded.image {
      problems.append("untruncated text renders differently collapsed and expanded")
    }
    if layout.exceedsLineLimit && component.truncationStyle == .fade
      && layout.lines != component.lineLimit
    {
      problems.append("fade shows \(layout.lines) lines, limit \(component.lineLimit)")
    }
    // `render` always holds the image it was asked for.
    let image = collapsed.image!
    if image.width != Int(input.options.width.rounded(.up)) {
      problems.append("image width \(image.width) for width \(input.options.width)")
    }
    // The in-place PNG path, read back by libpng, gives the pixels of the Image path.
    do {
      let png = try renderer.renderPNG(component, options: collapsedOptions).png!
      if try Image(pngData: png) != image {
        problems.append("renderPNG decodes to other pixels than render's image")
      }
    } catch {
      problems.append("renderPNG failed where render succeeded: \(error)")
    }
    return Outcome(problems: problems, collapsedLayouts: layout.layouts)
  }

  /// The documented bound on a collapsed render's text layouts: the body once (a bounded
  /// prefix or the whole text; see ``bodyLayouts(textBytes:)`` for a text of `textBytes`), the
  /// galloping search's `2 + 2⌊log₂(d + 1)⌋` probes, where `d` is below the count of
  /// candidates, and, where the line count may not be monotone, a scan of at most every
  /// candidate but the last.
  public static func maxLayouts(candidates: Int, textBytes: Int = 0) -> Int {
    let body = bodyLayouts(textBytes: textBytes)
    guard candidates > 0 else { return body }
    return body + 2 + 2 * (Int.bitWidth - 1 - candidates.leadingZeroBitCount) + candidates - 1
  }

  /// The most layouts of the body: one, unless the first bounded prefix (at least 1,024 bytes)
  /// holds too few lines (zero-width characters); each next try is at least 4 times as long,
  /// and the last is the whole text: `1 + ⌈log₄(n / 1,024)⌉` for `n` bytes.
  public static func bodyLayouts(textBytes: Int) -> Int {
    var layouts = 1
    var length = 1024
    while length < textBytes {
      layouts += 1
      length *= 4
    }
    return layouts
  }
}
