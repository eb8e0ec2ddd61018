internal import CPangoCairo
internal import ExpandablePreviewSupport
import Foundation

/// Owns a fontconfig configuration that knows only the given font files and folders
/// (`FcConfigCreate`, `FcConfigAppFontAddFile`, `FcConfigBuildFonts`; freed with
/// `FcConfigDestroy`) and the rules of ``PinnedRules``. It reads no configuration file and no
/// environment variable, so no system font, no machine rule and no locale takes part.
final class PrivateFontConfig: FontConfigOwner, @unchecked Sendable {
  private let pointer: OpaquePointer
  /// The family names of every face, lowercased, for finding families outside the set.
  private(set) var families: Set<String> = []
  /// The paths of the set's files, sorted.
  private(set) var files: [String] = []
  /// Every character some face of the set has (`FcCharSetMerge`), owned here.
  private let coverage: OpaquePointer
  /// A face opened once for every pattern of the set, so Cairo never opens or closes one.
  private let openFaces: OpenFaces
  /// How many faces the set has, and how many of them carry an open face (all, unless
  /// FreeType could not open one).
  private(set) var faceCount = 0
  var openFaceCount: Int { openFaces.count }

  /// - Parameters:
  ///   - standard: files loaded when present (a missing one is reported by ``StandardFonts``).
  ///   - added: the user's files and folders; each must exist and hold a font.
  /// - Throws: ``RenderError/fontConfig(_:)`` naming a path that is missing or holds no font
  ///   fontconfig can read.
  /// The most faces one added font file may declare: each face is opened once and costs about
  /// 0.7 MB, so a small collection listing one face thousands of times would cost gigabytes.
  /// Real collections hold a few dozen at most (Noto Sans CJK: 10).
  static let maxFacesPerFile = 256
  /// The most faces the added files and folders may bring together, for the same reason.
  static let maxAddedFaces = 4096
  /// The largest font file added: every file a render uses is hashed whole for the snapshots'
  /// fingerprint on each recording, so a file sparse-padded to gigabytes would cost minutes.
  /// The largest real collections (Noto Serif CJK) stay well under 200 MB.
  static let maxFontFileBytes = 512 << 20

  init(standard: [String], added: [URL]) throws(RenderError) {
    guard let config = FcConfigCreate() else {
      throw .fontConfig(FontConfigError("FcConfigCreate returned NULL"))
    }
    pointer = config
    do {
      openFaces = try OpenFaces()
    } catch {
      FcConfigDestroy(config)
      throw error
    }
    guard let union = FcCharSetCreate() else {
      FcConfigDestroy(config)
      throw .fontConfig(FontConfigError("FcCharSetCreate returned NULL"))
    }
    coverage = union
    guard FcConfigParseAndLoadFromMemory(config, PinnedRules.xml, 1) != 0 else {
      throw .fontConfig(FontConfigError("fontconfig rejected the pinned rules"))
    }
    for path in standard where FileManager.default.fileExists(atPath: path) {
      FcConfigAppFontAddFile(config, path)
    }
    var addedFaces = 0
    // Counts the faces `path` declares before fontconfig reads (and this owner opens) each.
    func admit(_ path: String) throws(RenderError) -> Bool {
      var status = stat()
      if stat(path, &status) == 0, Int(status.st_size) > Self.maxFontFileBytes {
        throw .fontConfig(
          FontConfigError(
            path: path,
            "has \(status.st_size) bytes; a font file may have at most \(Self.maxFontFileBytes)"))
      }
      guard let faces = openFaces.declaredFaceCount(ofFile: path) else { return false }
      guard faces <= Self.maxFacesPerFile else {
        throw .fontConfig(
          FontConfigError(
            path: path,
            "declares \(faces) faces; a font file may hold at most \(Self.maxFacesPerFile)"))
      }
      addedFaces += faces
      guard addedFaces <= Self.maxAddedFaces else {
        throw .fontConfig(
          FontConfigError(
            path: path,
            "brings the added fonts to \(addedFaces) faces; at most \(Self.maxAddedFaces) are read")
        )
      }
      return true
    }
    for url in added {
      if try Self.isFolder(url.path) {
        // File by file rather than FcConfigAppFontAddDir, which wants a writable cache folder
        // this configuration does not have; files that are not fonts are skipped.
        var found = false
        for file in Self.files(in: url) {
          if try admit(file), FcConfigAppFontAddFile(config, file) != 0 { found = true }
        }
        guard found else {
          throw .fontConfig(FontConfigError("no font found in \(url.path)"))
        }
      } else if try !admit(url.path) || FcConfigAppFontAddFile(config, url.path) == 0 {
        throw .fontConfig(
          FontConfigError(path: url.path, "fontconfig cannot read it as a font"))
      }
    }
    guard FcConfigBuildFonts(config) != 0 else {
      throw .fontConfig(FontConfigError("FcConfigBuildFonts failed"))
    }
    if let set = FcConfigGetFonts(config, FcSetApplication) {
      for index in 0..<Int(set.pointee.nfont) {
        guard let pattern = set.pointee.fonts[index] else { continue }
        var name: UnsafeMutablePointer<FcChar8>? = nil
        var position: Int32 = 0
        while FcPatternGetString(pattern, FC_FAMILY, position, &name) == FcResultMatch, let name {
          families.insert(String(cString: name).lowercased())
          position += 1
        }
        faceCount += 1
        if let file = FontFiles.string(FC_FILE, of: pattern) {
          files.append(file)
          var index: Int32 = 0
          _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
          // Done here, before any renderer sees the configuration, as fontconfig's patterns
          // may not change once they are shared between threads.
          _ = openFaces.attach(to: pattern, path: file, index: index)
        }
        var charset: OpaquePointer? = nil
        if FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
          FcCharSetMerge(union, charset, nil)
        }
      }
    }
    files = Set(files).sorted()
  }

  deinit {
    FcCharSetDestroy(coverage)
    FcConfigDestroy(pointer)
  }

  /// Lends the `FcConfig` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// Whether some face of the set has a glyph for `scalar` (`FcCharSetHasChar`).
  func covers(_ scalar: Unicode.Scalar) -> Bool {
    withExtendedLifetime(self) { FcCharSetHasChar(coverage, scalar.value) != 0 }
  }

  /// Whether `path` is a folder (else a regular file). Anything else (a FIFO, whose open
  /// would block forever, a socket, a device) is refused by `stat` before anything opens it; a
  /// file is then opened non-blocking and checked again, just before fontconfig reads it.
  static func isFolder(_ path: String) throws(RenderError) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw errno == ENOENT
        ? .fontConfig(FontConfigError(path: path, "does not exist"))
        : .fontConfig(FontConfigError(path: path, SystemReason.current))
    }
    if status.st_mode & S_IFMT == S_IFDIR { return true }
    try checkRegular(status, path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .fontConfig(
        FontConfigError(path: path, "cannot be opened: \(SystemReason.current)"))
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else {
      throw .fontConfig(FontConfigError(path: path, SystemReason.current))
    }
    try checkRegular(status, path)
    return false
  }

  private static func checkRegular(_ status: stat, _ path: String) throws(RenderError) {
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFIFO: kind = "a FIFO"
    case S_IFSOCK: kind = "a socket"
    case S_IFCHR, S_IFBLK: kind = "a device"
    default: kind = "not a file"
    }
    throw .fontConfig(FontConfigError(path: path, "is \(kind), not a regular file or folder"))
  }

  /// The regular files under `folder`, sorted so that the configuration is built the same way
  /// on every machine.
  static func files(in folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [String] = []
    while let file = enumerator?.nextObject() as? URL {
      if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files.append(file.path)
      }
    }
    return files.sorted()
  }
}

/// The process's pinned configurations, one per set of added fonts, built once and kept for
/// the process's life: reading the standard set's files takes tens of milliseconds, too much to
/// repeat for every renderer or thread. Fontconfig configurations are safe to query from
/// several threads once built.
enum PrivateFontConfigs {
  private static let configs = Locked<[[URL]: PrivateFontConfig]>([:])

  static func config(adding added: [URL]) throws(RenderError) -> PrivateFontConfig {
    try configs.withLock { configs throws(RenderError) in
      if let config = configs[added] { return config }
      let config = try PrivateFontConfig(
        standard: StandardFonts.files.map(\.path), added: added)
      configs[added] = config
      return config
    }
  }
}
