import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// One shard's results, as `render` and `verify` leave them with `--report-blob DIR` for
/// `merge-reports`: a folder holding ``fileName`` (this value, stable JSON) and ``filesFolder``
/// (the attachments it lists, each with its size and SHA-256). Self-describing: the merge needs
/// neither the manifest nor the shard's output folder.
package struct ReportBlob: Sendable, Hashable, Codable {
  /// The value of ``format``: what tells a blob from any other JSON file.
  package static let formatName = "expandable-preview-report-blob"
  /// The version this tool writes and reads; a blob of another version is refused.
  package static let currentVersion = 1
  package static let fileName = "report-blob.json"
  package static let filesFolder = "files"
  /// How ``fileName`` is read and written (``RecordFile``): stable JSON marked by
  /// ``format``; a larger file than 64 MiB is refused before it is read, and a blob of
  /// another version is refused.
  package static let recordKind = RecordKind(
    fileName: fileName, title: "report blob", mark: ("format", formatName),
    currentVersion: currentVersion, maxBytes: 64 << 20, layout: .stable)
  /// The most bytes one attachment may have.
  package static let maxAttachmentBytes = 512 << 20

  /// Which command left the blob: its results merge only with blobs of the same kind.
  package enum Kind: String, Sendable, Hashable, Codable {
    case verify
    case render
  }

  /// `--shard K/N`; an unsharded run is shard 1 of 1.
  package struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    package var description: String { "\(index) of \(count)" }
  }

  /// What the shards of one run share; blobs that differ in it are refused.
  package struct Identity: Sendable, Hashable, Codable {
    /// The manifest's file name, for messages.
    package var manifest: String
    /// SHA-256 over the whole plan (every item's name, files and component, whichever shard
    /// renders it), the selection and the options that decide the report.
    package var plan: String
    /// The items in the plan: each entry's ``PlacedEntry/item`` is below it.
    package var itemCount: Int

    package init(manifest: String, plan: String, itemCount: Int) {
      self.manifest = manifest
      self.plan = plan
      self.itemCount = itemCount
    }
  }

  /// A file of the blob, under ``filesFolder`` and at the same path in the merged folder.
  package struct Attachment: Sendable, Hashable, Codable {
    package var path: String
    package var size: Int
    package var sha256: String

    package init(path: String, size: Int, sha256: String) {
      self.path = path
      self.size = size
      self.sha256 = sha256
    }
  }

  /// A verify entry with the position of its item in the plan (the merged report's order).
  package struct PlacedEntry: Sendable, Hashable, Codable {
    package var item: Int
    /// The item the entry's accept command selects; nil when there is nothing to accept.
    package var acceptItem: String?
    package var entry: VerificationEntry

    package init(item: Int, acceptItem: String?, entry: VerificationEntry) {
      self.item = item
      self.acceptItem = acceptItem
      self.entry = entry
    }
  }

  /// What an accept command is made of, but the artifacts folder (the merge's own) and the
  /// item: the merge writes each entry's command for the folder it writes.
  package struct AcceptContext: Sendable, Hashable, Codable {
    package var program: String
    package var manifest: String
    package var snapshots: String
    package var compare: String
    package var diff: DiffOptions
    /// The run's `--only`, for the command that accepts every failure.
    package var only: [String]?

    package init(
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
  package struct VerifyResults: Sendable, Hashable, Codable {
    package var title: String
    /// The shard's images, in its job order.
    package var entries: [PlacedEntry]
    /// After every image: orphans (the lead shard lists them) and the shard's upkeep errors.
    package var trailing: [VerificationEntry]
    package var fingerprintDifferences: [String]
    package var accept: AcceptContext

    package init(
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
  package struct GallerySection: Sendable, Hashable, Codable {
    package var item: Int
    package var html: String

    package init(item: Int, html: String) {
      self.item = item
      self.html = html
    }
  }

  /// A `render` shard's part of the gallery, and what failed in it.
  package struct RenderResults: Sendable, Hashable, Codable {
    package var title: String
    /// Every item's name in plan order (the page's links), whichever shard renders it.
    package var itemNames: [String]
    /// The files of every item.
    package var fileCount: Int
    package var machineDependent: Bool
    package var sections: [GallerySection]
    /// `item/file: reason` for each file of this shard that failed (the gallery counts them).
    package var failedFiles: [String]
    /// Other files of the shard that could not be written (layout.json, the records).
    package var otherFailures: [String]

    package init(
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

  package var format = Self.formatName
  package var version = Self.currentVersion
  package var kind: Kind
  package var shard: Shard
  package var identity: Identity
  /// Sorted by path.
  package var attachments: [Attachment] = []
  package var verify: VerifyResults?
  package var render: RenderResults?

  package init(
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
package struct ReportBlobError: Error, Sendable, Hashable, CustomStringConvertible {
  package let path: String
  package let message: String

  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
