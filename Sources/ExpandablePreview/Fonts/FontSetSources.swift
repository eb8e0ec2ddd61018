import Foundation

/// What a pinned set's configuration is built from, found without building it: the standard
/// files present on this machine and each added entry with the regular files it stands for.
/// Building the configuration (fontconfig reading every face's coverage) costs a third of a
/// second; a run that renders nothing new needs only these files' hashes to know that its
/// inputs are the ones an earlier run built a configuration from.
package struct FontSetSources: Sendable, Equatable {
  /// One entry of the manifest's `fonts` (a file or a folder), as ``PrivateFontConfig`` reads it.
  package struct Added: Sendable, Equatable {
    package var path: String
    package var isFolder: Bool
    /// The entry itself for a file; a folder's readable regular files, recursively, sorted
    /// (the non-fonts among them too: fontconfig skips those).
    package var files: [String]

    package init(path: String, isFolder: Bool, files: [String]) {
      self.path = path
      self.isFolder = isFolder
      self.files = files
    }
  }

  /// The standard set's files present (and readable) on this machine, in the order fontconfig
  /// is given them.
  package var standard: [String]
  package var added: [Added]

  /// Every file of ``standard`` and ``added``: a superset of the files the configuration reads.
  package var allFiles: [String] { standard + added.flatMap(\.files) }

  package init(standard: [String], added: [Added]) {
    self.standard = standard
    self.added = added
  }

  /// The sources of `fontSet`; nil with system fonts, or when an added entry is missing or is
  /// neither a regular file nor a folder (building the configuration says why).
  package init?(of fontSet: FontSet) {
    guard case .pinned(let urls) = fontSet.kind else { return nil }
    // A file fontconfig cannot read takes no part in the set (a folder's, or a standard one);
    // a chmod that changes that changes the listing. An added file alone must be read.
    let readable = { (path: String) in FileManager.default.isReadableFile(atPath: path) }
    standard = StandardFonts.files.map(\.path).filter(readable)
    var added: [Added] = []
    for url in urls {
      guard let isFolder = try? PrivateFontConfig.isFolder(url.path) else { return nil }
      added.append(
        Added(
          path: url.path, isFolder: isFolder,
          files: isFolder ? PrivateFontConfig.files(in: url).filter(readable) : [url.path]))
    }
    self.added = added
  }
}
