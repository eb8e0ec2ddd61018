import ExpandablePreview
import Foundation

/// The content key of a job: a SHA-256 over everything that decides its files' bytes. Equal
/// keys mean equal files, which is what lets `render` skip a job and `verify --changed` skip a
/// golden. The one function that computes it.
enum JobKey {
  /// The key of `job` in `context`.
  ///
  /// The component and the options are hashed through their full descriptions
  /// (`String(reflecting:)`): every stored field, recursively, so a setting added to either
  /// later is covered without touching this function. The text is the component's (read from
  /// `textFile` already). The descriptions are stable within one build, and the build is part of
  /// the key. `component`, when given, is `String(reflecting: job.component)` made once for
  /// all the jobs of an item (describing it is most of a key's cost).
  static func of(_ job: RenderJob, in context: KeyContext, component: String? = nil) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview job key 1")
    digest.update(field: context.toolBuild)
    for (name, version) in context.libraries.named {
      digest.update(field: name)
      digest.update(field: version)
    }
    digest.update(field: context.fontSet)
    digest.update(field: job.state.rawValue)
    for (format, file) in job.files {
      digest.update(field: format.rawValue)
      digest.update(field: file)
    }
    // The accessibility overlay is a file of the job too.
    digest.update(field: job.overlayFile ?? "")
    digest.update(field: String(reflecting: job.variant))
    digest.update(field: String(reflecting: job.options))
    digest.update(field: component ?? String(reflecting: job.component))
    return digest.hex()
  }
}
