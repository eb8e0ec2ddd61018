import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport

/// Why one job failed. The error stays typed from the worker to the summary and the reports;
/// ``description`` is the one place it becomes words.
package enum JobFailure: Error, Sendable, CustomStringConvertible {
  /// Layout or drawing failed, or the component's values cannot be rendered.
  case render(RenderError)
  /// A golden could not be read, compared or written.
  case golden(GoldenStoreError)
  /// The PNG could not be written (a full disk, a file size limit).
  case file(AtomicFileError)
  /// The item's folder cannot be written into (a symbolic link, permissions).
  case folder(FolderError)
  /// The item's folder was refused before rendering; the reason is its own.
  case unwritableItem(String)
  /// The run was stopped (SIGINT, SIGTERM) before this job started.
  case interrupted
  /// Any other error, in its own words.
  case other(String)

  /// Sorts an error thrown by a job into its kind.
  package init(_ error: any Error) {
    switch error {
    case let error as JobFailure: self = error
    case let error as RenderError: self = .render(error)
    case let error as GoldenStoreError: self = .golden(error)
    case let error as AtomicFileError: self = .file(error)
    case let error as FolderError: self = .folder(error)
    default: self = .other("\(error)")
    }
  }

  package var description: String {
    switch self {
    case .render(let error): error.description
    case .golden(let error): error.description
    case .file(let error): error.description
    case .folder(let error): error.description
    case .unwritableItem(let reason): reason
    case .interrupted: "not rendered: the run was interrupted"
    case .other(let message): message
    }
  }
}
