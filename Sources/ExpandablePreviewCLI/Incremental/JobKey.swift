import ExpandablePreview
import Foundation

/// The content key of a job: a SHA-256 over everything that decides its files' bytes. Equal
/// keys mean equal files, which is what lets `render` skip a job and `verify --changed` skip a
/// golden. The one function that computes it.
enum JobKey {
  /// The key of `job` in `context`.
  ///
  /// The component is hashed through its full description (`String(reflecting:)`): every
  /// stored field, recursively, so a setting added to it later is covered without touching
  /// this function. The options and the variant, which differ from job to job, are written
  /// field by field (``KeyFields``; a test fails when a field is left out). The text is the
  /// component's (read from `textFile` already). The description is stable within one build,
  /// and the build is part of the key. `component`, when given, is
  /// `String(reflecting: job.component)` made once for all the jobs of an item (describing it
  /// is the costly part).
  static func of(_ job: RenderJob, in context: KeyContext, component: String? = nil) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview job key 2")
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
    KeyFields.write(job.variant, to: digest)
    KeyFields.write(job.options, to: digest)
    digest.update(field: component ?? String(reflecting: job.component))
    return digest.hex()
  }
}
