import ExpandablePreview
import Foundation

/// One shard's results, as `render` and `verify` leave them with `--report-blob DIR` for
/// `merge-reports`: a folder holding ``fileName`` (this value, stable JSON) and ``filesFolder``
/// (the attachments it lists, each with its size and SHA-256). Self-describing: the merge needs
/// neither the manifest nor the shard's output folder.
public struct ReportBlob: Sendable, Hashable, Codable {
  /// The value of ``format``: what tells a blob from any other JSON file.
  public static let formatName = "expandable-preview-report-blob"
  /// The version this tool writes and reads; a blob of another version is refused.
  public static let currentVersion = 1
  public static let fileName = "report-blob.json"
  public static let filesFolder = "files"
  /// The most bytes ``fileName`` may have: a larger file is refused before it is read.
  public static let maxJSONBytes = 64 << 20
  /// The most bytes one attachment may have.
  public static let maxAttachmentBytes = 512 << 20

  /// Which command left the blob: its results merge only with blobs of the same kind.
  public enum Kind: String, Sendable, Hashable, Codable {
    case verify
    case render
  }

  /// `--shard K/N`; an unsharded run is shard 1 of 1.
  public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    public var description: String { "\(index) of \(count)" }
  }

  /// What the shards of one run share; blobs that differ in it are refused.
  public struct Identity: Sendable, Hashable, Codable {
    /// The manifest's file name, for messages.
    public var manifest: String
    /// SHA-256 over the whole plan (every item's name, files and component, whichever shard
    /// renders it), the selection and the options that decide the report.
    public var plan: String
    /// The items in the plan: each entry's ``PlacedEntry/item`` is below it.
    public var itemCount: Int

    public init(manifest: String, plan: String, itemCount: Int) {
      self.manifest = manifest
      self.plan = plan
      self.itemCount = itemCount
    }
  }

  /// A file of the blob, under ``filesFolder`` and at the same path in the merged folder.
  public struct Attachment: Sendable, Hashable, Codable {
    public var path: String
    public var size: Int
    public var sha256: String

    public init(path: String, size: Int, sha256: String) {
      self.path = path
      self.size = size
      self.sha256 = sha256
    }
  }

  /// A verify entry with the position of its item in the plan (the merged report's order).
  public struct PlacedEntry: Sendable, Hashable, Codable {
    public var item: Int
    /// The item the entry's accept command selects; nil when there is nothing to accept.
    public var acceptItem: String?
    public var entry: VerificationEntry

    public init(item: Int, acceptItem: String?, entry: VerificationEntry) {
      self.item = item
      self.acceptItem = acceptItem
      self.entry = entry
    }
  }

  /// What an accept command is made of, but the artifacts folder (the merge's own) and the
  /// item: the merge writes each entry's command for the folder it writes.
  public struct AcceptContext: Sendable, Hashable, Codable {
    public var program: String
    public var manifest: String
    public var snapshots: String
    public var compare: String
    public var diff: DiffOptions
    /// The run's `--only`, for the command that accepts every failure.
    public var only: [String]?

    public init(
      program: String, manifest: String, snapshots: String, compare: String, diff: DiffOptions,
      only: [String]?
    ) {
      self.program = program
      self.manifest = manifest
      self.snapshots = snapshots
      self.compare = compare
      self.diff = diff
      self.only = only
    }
  }

  /// A `verify` shard's report.
  public struct VerifyResults: Sendable, Hashable, Codable {
    public var title: String
    /// The shard's images, in its job order.
    public var entries: [PlacedEntry]
    /// After every image: orphans (the lead shard lists them) and the shard's upkeep errors.
    public var trailing: [VerificationEntry]
    public var fingerprintDifferences: [String]
    public var accept: AcceptContext

    public init(
      title: String, entries: [PlacedEntry], trailing: [VerificationEntry],
      fingerprintDifferences: [String], accept: AcceptContext
    ) {
      self.title = title
      self.entries = entries
      self.trailing = trailing
      self.fingerprintDifferences = fingerprintDifferences
      self.accept = accept
    }
  }

  /// One item's part of the gallery page, as the shard that rendered it wrote it.
  public struct GallerySection: Sendable, Hashable, Codable {
    public var item: Int
    public var html: String

    public init(item: Int, html: String) {
      self.item = item
      self.html = html
    }
  }

  /// A `render` shard's part of the gallery, and what failed in it.
  public struct RenderResults: Sendable, Hashable, Codable {
    public var title: String
    /// Every item's name in plan order (the page's links), whichever shard renders it.
    public var itemNames: [String]
    /// The files of every item.
    public var fileCount: Int
    public var machineDependent: Bool
    public var sections: [GallerySection]
    /// `item/file: reason` for each file of this shard that failed (the gallery counts them).
    public var failedFiles: [String]
    /// Other files of the shard that could not be written (layout.json, the records).
    public var otherFailures: [String]

    public init(
      title: String, itemNames: [String], fileCount: Int, machineDependent: Bool,
      sections: [GallerySection], failedFiles: [String], otherFailures: [String]
    ) {
      self.title = title
      self.itemNames = itemNames
      self.fileCount = fileCount
      self.machineDependent = machineDependent
      self.sections = sections
      self.failedFiles = failedFiles
      self.otherFailures = otherFailures
    }
  }

  public var format = Self.formatName
  public var version = Self.currentVersion
  public var kind: Kind
  public var shard: Shard
  public var identity: Identity
  /// Sorted by path.
  public var attachments: [Attachment] = []
  public var verify: VerifyResults?
  public var render: RenderResults?

  public init(
    shard: Shard, identity: Identity, verify: VerifyResults? = nil, render: RenderResults? = nil
  ) {
    kind = render == nil ? .verify : .render
    self.shard = shard
    self.identity = identity
    self.verify = verify
    self.render = render
  }
}

/// A blob cannot be written, read or merged: names the blob's file and says what is wrong.
public struct ReportBlobError: Error, Sendable, Hashable, CustomStringConvertible {
  public let path: String
  public let message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
