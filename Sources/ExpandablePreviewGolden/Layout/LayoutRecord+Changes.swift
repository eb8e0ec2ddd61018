import ExpandablePreview

extension LayoutRecord {
  /// Whether `other` records the same layout: every fact and font file equal (the libraries,
  /// which only rasterise, are not compared).
  public func sameLayout(as other: LayoutRecord) -> Bool { changes(to: other).isEmpty }

  /// Every fact that differs in `new`, in a fixed order: empty exactly when the layouts are
  /// the same. Each field of ``Facts`` but the count of Pango layouts (work, not what is seen),
  /// the font files and the frames is compared, so no difference goes unnamed; line boxes only
  /// where both records keep them (version 1 records do not).
  public func changes(to new: LayoutRecord) -> [LayoutChange] {
    var changes: [LayoutChange] = []
    switch (still, new.still) {
    case (let old?, let now?): changes += Self.changes(old, now)
    case (nil, nil): break
    default: changes.append(.kind(before: kindName, after: new.kindName))
    }
    for (name, old, now) in [
      ("collapsed", collapsed, new.collapsed), ("expanded", expanded, new.expanded),
    ] {
      switch (old, now) {
      case (let old?, let now?):
        // An animation's ends are named: "collapsed: lines 3 → 2".
        changes += Self.changes(old, now).map { .state(name, $0) }
      case (nil, nil): break
      default:
        if still == nil && new.still == nil {
          changes.append(.kind(before: kindName, after: new.kindName))
        }
      }
    }
    let oldHeights = frameHeights ?? []
    let newHeights = new.frameHeights ?? []
    if oldHeights.count != newHeights.count {
      changes.append(.frameCount(oldHeights.count, newHeights.count))
    } else {
      for (index, (before, after)) in zip(oldHeights, newHeights).enumerated() where before != after
      {
        changes.append(.frameHeight(index, before, after))
      }
    }
    if fonts != new.fonts {
      let old = Dictionary(fonts.map { ($0.file, $0.sha256) }) { first, _ in first }
      let now = Dictionary(new.fonts.map { ($0.file, $0.sha256) }) { first, _ in first }
      // A hash left out (a record beside a lock whose fingerprint did not name the file) is
      // unknown, not a change.
      let changed = old.keys.filter { file in
        guard let before = old[file] ?? nil, let after = now[file] ?? nil else { return false }
        return before != after
      }
      let removed = old.keys.filter { now[$0] == nil }
      let added = now.keys.filter { old[$0] == nil }
      if !(removed.isEmpty && added.isEmpty && changed.isEmpty) {
        changes.append(
          .fonts(removed: removed.sorted(), added: added.sorted(), changed: changed.sorted()))
      }
    }
    return changes
  }

  /// "a still image", "an animation".
  var kindName: String { still != nil ? "a still image" : "an animation" }

  private static func changes(_ old: Facts, _ new: Facts) -> [LayoutChange] {
    var changes: [LayoutChange] = []
    // "Cut" only where a render hides text: a text shown whole (it fits, or is expanded) whose
    // length changed changed its visible text, and no cut moved.
    switch (old.isCut, new.isCut) {
    case (true, true) where old.cut != new.cut:
      changes.append(
        .cut(from: old.cut, to: new.cut, before: old.visibleText, after: new.visibleText))
    case (false, true):
      changes.append(.cutStarted(at: new.cut, before: old.visibleText, after: new.visibleText))
    case (true, false):
      changes.append(.cutEnded(from: old.cut, before: old.visibleText, after: new.visibleText))
    default:
      if old.visibleText != new.visibleText {
        changes.append(.visibleText(before: old.visibleText, after: new.visibleText))
      } else if old.cut != new.cut {
        // Only an edited record says so; named all the same.
        changes.append(
          .cut(from: old.cut, to: new.cut, before: old.visibleText, after: new.visibleText))
      }
    }
    if old.lines != new.lines { changes.append(.lines(old.lines, new.lines)) }
    if old.size.height != new.size.height {
      changes.append(.height(old.size.height, new.size.height))
    }
    if old.size.width != new.size.width { changes.append(.width(old.size.width, new.size.width)) }
    // The pixel size follows the size in points; said only when it changed alone.
    if old.pixelSize != new.pixelSize && old.size == new.size {
      changes.append(.pixelSize(old.pixelSize, new.pixelSize))
    }
    if old.exceedsLineLimit != new.exceedsLineLimit {
      changes.append(.exceedsLineLimit(old.exceedsLineLimit, new.exceedsLineLimit))
    }
    if old.labelFits != new.labelFits { changes.append(.labelFits(old.labelFits, new.labelFits)) }
    if old.isRightToLeft != new.isRightToLeft {
      changes.append(.direction(rightToLeft: new.isRightToLeft))
    }
    if old.label != new.label { changes.append(.label(old.label, new.label)) }
    if old.fade != new.fade { changes.append(.fade(old.fade, new.fade)) }
    if old.textFrame != new.textFrame { changes.append(.textFrame(old.textFrame, new.textFrame)) }
    // Version 1 records keep no line boxes: compared only where both records have them.
    if let before = old.lineFrames, let after = new.lineFrames, before != after {
      changes.append(.lineFrames)
    }
    if old.accessibilityElements != new.accessibilityElements {
      changes.append(.accessibility(old.accessibilityElements, new.accessibilityElements))
    }
    if old.links.count != new.links.count {
      changes.append(.links(old.links.count, new.links.count))
    } else if old.links != new.links {
      changes.append(.linkFrames)
    }
    return changes
  }
}
