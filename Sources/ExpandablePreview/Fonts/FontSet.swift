import Foundation

/// Which fonts a renderer draws with.
///
/// ``standard`` is pinned: named files of Debian's font packages (plus any the user adds)
/// through a private fontconfig configuration, so no system or user fontconfig file, no other
/// installed font and no locale takes part in choosing a font or falling back. ``system`` is this
/// machine's fontconfig setup, for mockups only: its output depends on the machine.
public struct FontSet: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case pinned(added: [URL])
    case system
  }

  let kind: Kind

  /// The standard pinned set.
  public static let standard = FontSet(kind: .pinned(added: []))
  /// The machine's fonts, chosen by its fontconfig configuration and locale.
  public static let system = FontSet(kind: .system)

  /// The standard set plus font files and folders of the user's (brand fonts, SF Pro files a
  /// designer owns); they are pinned the same way.
  public static func standard(adding fonts: [URL]) -> FontSet {
    FontSet(kind: .pinned(added: fonts.map(\.standardizedFileURL)))
  }

  /// Whether output depends on the machine's installed fonts and configuration.
  public var isMachineDependent: Bool { kind == .system }

  /// The user's files and folders added to the standard set.
  public var addedFonts: [URL] {
    if case .pinned(let added) = kind { added } else { [] }
  }
}
