import ExpandablePreview

extension LayoutChange {
  /// Which of VoiceOver's elements changed, and how: "VoiceOver: the text now reads
  /// “…SwiftUI, [UIKit and ]Xcode…”; “more, Button” moved from (250, 40) to (250, 60)" (the
  /// changed words in brackets, each frame in points). Elements are compared in reading order;
  /// a changed count lists what is read now.
  static func accessibilityChange(
    _ before: [AccessibilityElement]?, _ after: [AccessibilityElement]?
  ) -> String {
    let old = before ?? []
    let new = after ?? []
    if old.count != new.count {
      return "VoiceOver's elements \(old.count) → \(new.count): "
        + (new.isEmpty
          ? "(none)"
          : (new.prefix(maxListed).map { quoted(head: $0.announcement) }
            + (new.count > maxListed ? ["and \(new.count - maxListed) more"] : []))
            .joined(separator: ", "))
    }
    var parts: [String] = []
    let changed = zip(old, new).filter { $0 != $1 }
    for (was, now) in changed.prefix(maxListed) {
      let name = was.traits == [.staticText] ? "the text" : quoted(head: was.announcement)
      if was.announcement != now.announcement {
        parts.append(
          "\(name) now reads \(marked(now.announcement, against: was.announcement))")
      } else if was.frame != now.frame {
        // Where it is, in points: "the text moved from (16, 12) to (16, 20)", or resized.
        parts.append(frameChange(name, was.frame, now.frame))
      } else if was.url != now.url {
        parts.append("\(name) links elsewhere")
      } else {
        parts.append("\(name) has other traits")
      }
    }
    if changed.count > maxListed { parts.append("and \(changed.count - maxListed) more") }
    return "VoiceOver: " + parts.joined(separator: "; ")
  }

  /// The most elements a message lists (a record may hold millions).
  static let maxListed = 10

  /// "“Being a top 1% developer…”": the first 32 Characters of what VoiceOver says.
  static func quoted(head text: String) -> String {
    let head = text.count > 32 ? String(text.prefix(32)) + "…" : text
    return "“\(head.replacingOccurrences(of: "\n", with: "⏎"))”"
  }
}
