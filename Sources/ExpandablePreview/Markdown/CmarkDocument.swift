internal import CCmarkGFM
internal import ExpandablePreviewSupport
import Foundation

/// Owns the root node of a document parsed by cmark-gfm with the strikethrough extension
/// (`cmark_parser_new`, `cmark_parser_feed`, `cmark_parser_finish`; `cmark_node_free`). The
/// parser lives only inside `init`; the tree is lent out only inside ``withRoot(_:)``.
///
/// cmark-gfm is not thread-safe while it parses: its extension registry is global, and around
/// every parse it switches the extensions' characters (`~`) on and off in a table shared by the
/// process (`cmark_manage_extensions_special_characters`), so a parse on another thread could
/// miss strikethrough. Parses therefore take ``parseLock`` one at a time; walking a finished tree
/// needs no lock.
final class CmarkDocument {
  private let root: OpaquePointer
  private static let parseLock = Locked<Void>(())

  /// Parses `markdown` with only `~~double~~` tildes striking through, as SwiftUI does.
  /// Returns nil when cmark-gfm cannot allocate its parser or document.
  init?(parsing markdown: String) {
    guard let document = Self.parseLock.withLock({ _ in Self.parse(markdown) }) else { return nil }
    root = document
  }

  /// The document's root, owned by the caller; nil when cmark-gfm cannot allocate.
  private static func parse(_ markdown: String) -> OpaquePointer? {
    cmark_gfm_core_extensions_ensure_registered()
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE)
    else { return nil }
    defer { cmark_parser_free(parser) }
    // The extension is a registry entry owned by cmark-gfm, not by us.
    if let strikethrough = cmark_find_syntax_extension("strikethrough") {
      cmark_parser_attach_syntax_extension(parser, strikethrough)
    }
    var bytes = Array(markdown.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        cmark_parser_feed(parser, $0.baseAddress, $0.count)
      }
    }
    return cmark_parser_finish(parser)
  }

  deinit { cmark_node_free(root) }

  /// Lends the document node to `body`; nodes reached from it live as long as this object.
  func withRoot<R>(_ body: (OpaquePointer) -> R) -> R { body(root) }
}

/// Walks a cmark-gfm tree depth first (`cmark_iter_new`, `cmark_iter_free`), lending each node
/// and whether it is entered or left to `visit`.
enum CmarkWalk {
  enum Event { case enter, exit }

  static func walk(
    _ root: OpaquePointer,
    _ visit: (OpaquePointer, Event) -> Void
  ) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { return }
      visit(node, event == CMARK_EVENT_ENTER ? .enter : .exit)
    }
  }
}
