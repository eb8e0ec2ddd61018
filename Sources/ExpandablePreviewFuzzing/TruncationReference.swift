@_spi(Reference) import ExpandablePreview

/// The truncation by its definition, slowly and obviously: what the fast layout must match.
///
/// Ellipsis: every cut candidate from the end of line `lineLimit + 1` down, one layout of
/// prefix + ellipsis + label each, as painted; the first that takes at most `lineLimit` lines
/// wins. A candidate is a `Character` boundary of the text where Pango also allows the cursor
/// (and, with `cutsAtWordBoundaries`, where a word ends or a line may break), with the
/// whitespace characters before it trimmed; the empty prefix is always one.
public struct TruncationReference {
  /// Whether the text needs more than `lineLimit` lines.
  public let truncated: Bool
  /// Fade: the text of the first `lineLimit` lines of the whole text's layout.
  public let firstLines: String
  /// Ellipsis: the longest kept prefix that fits, in UTF-8 bytes; `nil` when even the
  /// ellipsis and label alone take more than `lineLimit` lines (or the text fits).
  public let keptBytes: Int?
  /// The layouts the search made, the whole text's included.
  public let layouts: Int
  /// Every candidate up to the end of line `lineLimit + 1`: kept UTF-8 bytes, longest first.
  public let candidates: [Int]
  /// The drawn text (a Markdown component's plain text), whose UTF-8 bytes the cut counts.
  let drawnText: String

  public init(_ component: ExpandableText, options: RenderOptions, renderer: Renderer)
    throws(RenderError)
  {
    let probe = try TruncationProbe(component, options: options, renderer: renderer)
    let limit = component.lineLimit
    // The drawn text: a Markdown component's plain text, whose bytes the cut counts.
    let text = probe.text
    let utf8 = Array(text.utf8)
    drawnText = text
    truncated = probe.lines.count > limit
    guard truncated else {
      firstLines = text
      keptBytes = nil
      layouts = 1
      candidates = []
      return
    }
    firstLines = String(decoding: utf8[..<probe.lines[limit - 1].upperBound], as: UTF8.self)
    var layouts = 1
    var found: Int? = nil
    var tried = Set<Int>()
    let scanEnd = probe.lines[limit].upperBound
    candidates = Self.candidates(of: component, probe: probe).reversed()
      .filter { $0.end <= scanEnd && tried.insert($0.kept).inserted }.map(\.kept)
    if component.truncationStyle == .ellipsis {
      for kept in candidates {
        layouts += 1
        if try probe.lineCount(keepingBytes: kept) <= limit {
          found = kept
          break
        }
      }
    }
    keptBytes = found
    self.layouts = layouts
  }

  /// Every candidate in text order: where it ends, and what is kept when whitespace before it
  /// is trimmed (both in UTF-8 bytes).
  static func candidates(of component: ExpandableText, probe: TruncationProbe)
    -> [(end: Int, kept: Int)]
  {
    var result = [(end: 0, kept: 0)]
    var bytes = 0
    var scalars = 0
    var kept = 0
    for character in probe.text {
      bytes += character.utf8.count
      scalars += character.unicodeScalars.count
      if !character.unicodeScalars.allSatisfy(\.properties.isWhitespace) { kept = bytes }
      guard probe.cursorPositions[scalars] else { continue }
      if component.cutsAtWordBoundaries && !probe.wordEnds[scalars] { continue }
      result.append((bytes, kept))
    }
    return result
  }
}

extension TruncationReference {
  /// How a collapsed render can differ from the reference.
  public enum Mismatch: String, CaseIterable, Sendable {
    case truncation, underCut, overCut, noPrefixFits, overflow, splitsCharacter, visibleText
    case labelOutside, maskShort
  }

  /// Where the collapsed `layout` of `component` differs from this reference (empty when it
  /// matches), each with a message.
  public func mismatches(ofCollapsed layout: LayoutResult, _ component: ExpandableText)
    -> [(Mismatch, String)]
  {
    var found: [(Mismatch, String)] = []
    if layout.exceedsLineLimit != truncated {
      found.append(
        (.truncation, "truncated \(layout.exceedsLineLimit), the reference says \(truncated)"))
    }
    guard truncated else { return found }
    let limit = component.lineLimit
    if layout.lines > limit {
      found.append((.overflow, "\(layout.lines) lines, limit \(limit)"))
    }
    let kept = layout.visibleText.utf8.count
    let utf8 = drawnText.utf8
    if component.truncationStyle == .ellipsis,
      let end = utf8.index(utf8.startIndex, offsetBy: kept, limitedBy: utf8.endIndex),
      String.Index(end, within: drawnText) == nil
    {
      found.append((.splitsCharacter, "the cut after \(kept) bytes splits a Character"))
    }
    switch component.truncationStyle {
    case .ellipsis:
      if let keptBytes {
        if kept < keptBytes {
          found.append((.underCut, "kept \(kept) bytes, \(keptBytes) fit: \(layout.visibleText)"))
        } else if kept > keptBytes {
          found.append((.overCut, "kept \(kept) bytes, only \(keptBytes) fit"))
        }
        if !layout.labelFits {
          found.append((.noPrefixFits, "labelFits is false, yet \(keptBytes) bytes fit"))
        }
      } else if kept != 0 || layout.labelFits {
        found.append(
          (
            .noPrefixFits,
            "no prefix fits, yet \(kept) bytes are kept, labelFits \(layout.labelFits)"
          ))
      }
    case .fade:
      if layout.visibleText != firstLines {
        found.append(
          (.visibleText, "visible \(layout.visibleText.debugDescription), lines \(firstLines)"))
      }
      if let label = layout.label, let fade = layout.fade {
        let tolerance = 1e-6
        if label.y < -tolerance || label.maxY > layout.size.height + tolerance
          || label.x < -tolerance || label.maxX > layout.size.width + tolerance
        {
          found.append((.labelOutside, "label \(label) in a \(layout.size) image"))
        }
        if fade.y > label.y + tolerance || fade.maxY < label.maxY - tolerance {
          found.append((.maskShort, "fade \(fade) does not cover label \(label)"))
        }
      }
    }
    return found
  }
}
