import ExpandablePreview
import Foundation

/// What `layout.json` says about one rendered file: its kind's part (``FileLayoutPart``), a
/// still's layout decisions or an animation's frames, canvas and ends. Nothing here names a
/// kind: each part says how it is written, checked and bounded.
package struct FileLayout: Sendable {
  /// The kind's part.
  package var part: any FileLayoutPart

  package init(_ part: any FileLayoutPart) { self.part = part }

  /// Whether this is an animation with nothing to expand.
  package var isStillAnimation: Bool { part.isStillAnimation }

  /// Why this layout cannot be `job`'s render; nil when it is plausible.
  func implausibility(for job: RenderJob) -> String? { part.implausibility(for: job) }

  /// The largest file `job` can write as `format` with this layout.
  func maxBytes(of format: OutputFormat) -> Int { part.maxBytes(of: format) }
}

/// One kind's part of `layout.json` (``OutputKind/layoutPart``): what its entry holds beside
/// the file, state and variant, and what a cache may hand back for it.
package protocol FileLayoutPart: Sendable, Codable {
  /// The kind whose part this is; its name tags the part in a cache entry.
  static var kind: OutputKind { get }
  /// Writes the part's keys into `encoder`'s object, beside the entry's own
  /// (``LayoutReport/Entry``), for a file of `state`.
  func encodeEntry(to encoder: any Encoder, state: OutputState) throws
  /// Whether this is an animation written as one frame, because the text fits.
  var isStillAnimation: Bool { get }
  /// Why this part cannot be `job`'s render (values no render of it gives); nil when it is
  /// plausible. No digest covers a cached part, so a forged one is held to this.
  func implausibility(for job: RenderJob) -> String?
  /// The largest file `job` can write as `format` with this part.
  func maxBytes(of format: OutputFormat) -> Int
  /// Why `bytes`, a plan bundle's layout part listed with `files` (name and size), cannot be
  /// `job`'s; nil when it can (``PlanBundle/Job/implausibility(layoutPart:for:)``).
  static func implausibility(
    bundledPart bytes: Data, files: [(name: String, size: Int)], for job: RenderJob
  ) -> String?
}

extension FileLayoutPart {
  package var isStillAnimation: Bool { false }

  /// This part decoded from `container`'s `key`.
  fileprivate static func decoded(
    from container: KeyedDecodingContainer<FileLayout.Tag>, forKey key: FileLayout.Tag
  ) throws -> any FileLayoutPart {
    try container.decode(Self.self, forKey: key)
  }
}

/// A cache entry keeps the layout as Swift kept it as an enum of one case per kind,
/// `{"still": {"_0": …}}`, so entries written before kinds were declared apart read the same.
extension FileLayout: Codable {
  struct Tag: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let value = Tag(stringValue: "_0")
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Tag.self)
    var nested = container.nestedContainer(
      keyedBy: Tag.self, forKey: Tag(stringValue: type(of: part).kind.name))
    try nested.encode(part, forKey: .value)
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Tag.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first,
      let kind = OutputKind.all.first(where: { $0.name == key.stringValue })
    else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a layout names one kind of output of "
            + OutputKind.all.map(\.name).joined(separator: ", ")))
    }
    let nested = try container.nestedContainer(keyedBy: Tag.self, forKey: key)
    part = try kind.layoutPart.decoded(from: nested, forKey: .value)
  }
}
