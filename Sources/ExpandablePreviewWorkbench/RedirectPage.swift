import ExpandablePreviewSupport
import Foundation

/// A page that sends the browser on to the workbench's address, written where only this user can
/// read it: `--open` hands `xdg-open` this file's `file://` address, so the token is never on a
/// command line (`ps` shows every process's arguments to every user of the machine). The folder
/// is made with `mkdtemp` (mode 0700) and the file with `O_EXCL` and mode 0600; ``remove()``
/// deletes both.
struct RedirectPage {
  let folder: URL
  let file: URL

  /// Writes the page for `address` in a new folder below `parent`.
  init(forwardingTo address: String, below parent: String) throws(WorkbenchError) {
    var template = Array((parent + "/expandable-preview-open-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw WorkbenchError("cannot make a private folder in \(parent): \(Self.errnoText())")
    }
    folder = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    file = folder.appendingPathComponent("open-workbench.html")
    let shown = address.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    let html = """
      <!doctype html>
      <meta charset="utf-8">
      <meta name="referrer" content="no-referrer">
      <meta http-equiv="refresh" content="0;url=\(shown)">
      <title>ExpandablePreview</title>
      <a href="\(shown)">Open the workbench</a>

      """
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      let reason = Self.errnoText()
      rmdir(folder.path)
      throw WorkbenchError("cannot write \(file.path): \(reason)")
    }
    let bytes = Array(html.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      remove()
      throw WorkbenchError("cannot write \(file.path): \(Self.errnoText())")
    }
  }

  /// Where the page goes: `$XDG_RUNTIME_DIR` (the user's own folder, mode 0700) when set, else
  /// the temporary folder.
  static func defaultParent(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime }
    return NSTemporaryDirectory().hasSuffix("/")
      ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
  }

  func remove() {
    unlink(file.path)
    rmdir(folder.path)
  }

  private static func errnoText() -> String { SystemReason.current }
}
