import ExpandablePreview

/// Reads a manifest for `render` and `verify`: every decoding error is printed, and the
/// manifest's `fonts` are tried once so that a file fontconfig cannot read is an input error
/// (exit 2) rather than a failure of every render.
enum ManifestLoader {
  /// The manifest at `path`, or nil after printing why it cannot be used.
  static func load(path: String) -> Manifest? {
    let manifest: Manifest
    do throws(ManifestErrors) {
      manifest = try ManifestDecoder.decode(path: path)
    } catch {
      for error in error.errors { standardError("error: \(error)") }
      return nil
    }
    if let fonts = manifest.fonts {
      do throws(RenderError) {
        _ = try Renderer(fonts: fonts)
      } catch {
        standardError("error: \(path): key 'fonts': \(error)")
        return nil
      }
    }
    return manifest
  }
}
