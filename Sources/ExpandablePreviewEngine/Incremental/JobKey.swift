import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The content key of a job: a SHA-256 over everything that decides its files' bytes. Equal
/// keys mean equal files, which is what lets `render` skip a job and `verify --changed` skip a
/// golden. The one function that computes it.
enum JobKey {
  /// The key of `job` in `context`.
  ///
  /// The component, the options and the variant are written field by field (``KeyFields``;
  /// a test fails when a stored field is left out). The text is the component's (read from
  /// `textFile` already). `component`, when given, is ``KeyFields/key(of:)`` of
  /// `job.component`, made once for all the jobs of an item (a long text is hashed once).
  static func of(_ job: RenderJob, in context: KeyContext, component: String? = nil) -> String {
    let digest = SHA256Digest()
    // 4: the renderer's identity instead of the executable's hash; the other libraries.
    digest.update(field: "expandable-preview job key 4")
    digest.update(field: context.renderer)
    for (name, version) in context.libraries.named {
      digest.update(field: name)
      digest.update(field: version)
    }
    for (name, version) in context.otherLibraries.sorted(by: { $0.key < $1.key }) {
      digest.update(field: name)
      digest.update(field: version)
    }
    digest.update(field: context.fontSet)
    digest.update(field: job.state.rawValue)
    // The count first: no file name can pass for the next field.
    digest.update(integer: UInt64(job.files.count))
    for (format, file) in job.files {
      digest.update(field: format.rawValue)
      digest.update(field: file)
    }
    // The accessibility overlay is a file of the job too.
    digest.update(field: job.overlayFile ?? "")
    KeyFields.write(job.variant, to: digest)
    KeyFields.write(job.options, to: digest)
    digest.update(field: component ?? KeyFields.key(of: job.component))
    return digest.hex()
  }
}
