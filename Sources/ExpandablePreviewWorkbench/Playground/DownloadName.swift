import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// What a playground download is saved as, so the files of several mockups never share a
/// name: the item it was opened from (else the text's first words, else `playground`), the
/// device (else the width), the appearance, the state and the scale (a PNG's), as in
/// `bio-iPhone-16-Pro-dark-collapsed@3x.png`; a ZIP of every state in light and dark leaves out
/// the appearance and the state (`bio-iPhone-16-Pro@3x.zip`).
struct DownloadName {
  /// The item or the text's words, the device or width: `bio-iPhone-16-Pro`.
  let subject: String
  let appearance: String
  let scale: Int

  /// - Parameters:
  ///   - item: the gallery item the page was opened from; nil for the playground's own.
  ///   - flags: the page's flags, for the device's name.
  ///   - options: the render options the flags make, for the width, appearance and scale.
  init(
    item: String?, text: String, flags: [(name: String, value: String)], options: RenderOptions
  ) {
    let base = item.map(Self.part).flatMap { $0.isEmpty ? nil : $0 } ?? Self.words(of: text)
    let device = flags.last { $0.name == "--device" }.flatMap { Device.named($0.value) }
    let width =
      options.width.rounded() == options.width
      ? String(Int(options.width)) : String(options.width)
    subject = base + "-" + (device?.fileNamePart ?? "\(width)pt")
    appearance = options.appearance.rawValue
    scale = options.scale
  }

  /// The file of `state` with `fileExtension`: a PNG says its scale, an SVG or PDF (drawn
  /// in points, as `render` names them) does not.
  func file(state: String, fileExtension: String) -> String {
    let scale = fileExtension == "png" ? "@\(scale)x" : ""
    return "\(subject)-\(appearance)-\(state)\(scale).\(fileExtension)"
  }

  /// The ZIP of every state in light and dark.
  var zip: String { "\(subject)@\(scale)x.zip" }

  /// The text's first three words, lowercased, joined by hyphens, at most 32 characters
  /// (letters and digits of any script); `playground` when it has none.
  static func words(of text: String) -> String {
    let words = text.lowercased().split { !($0.isLetter || $0.isNumber) }.prefix(3)
    var name = ""
    for word in words {
      let next = name.isEmpty ? String(word) : name + "-" + word
      if next.count > 32 { break }
      name = next
    }
    return name.isEmpty ? ItemPreview.itemName : name
  }

  /// `name` with only letters, digits, `-` and `_`, any other run of characters one hyphen:
  /// nothing a file system or a browser's save dialog treats specially.
  static func part(_ name: String) -> String {
    var part = ""
    for character in name {
      if character.isLetter || character.isNumber || character == "-" || character == "_" {
        part.append(character)
      } else if !part.isEmpty, part.last != "-" {
        part.append("-")
      }
    }
    while part.last == "-" { part.removeLast() }
    return String(part.prefix(64))
  }
}
