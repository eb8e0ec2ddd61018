/// The file formats the tool writes; a path with another extension is a mistake to report, not
/// a PNG under a misleading name.
enum OutputFormat {
  /// Throws unless `path` ends in `.png` (any case).
  static func checkPNG(_ path: String, flag: String) throws(UsageError) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].lowercased() == "png"
    else {
      throw UsageError("\(flag) '\(path)': the file must end in .png (the only format written)")
    }
  }
}
