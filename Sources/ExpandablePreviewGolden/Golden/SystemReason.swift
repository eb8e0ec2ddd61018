import ExpandablePreview
import Foundation

/// The operating system's reason inside an error, in plain words (`strerror`), for messages
/// that would otherwise show Foundation's "Error Domain=NSCocoaErrorDomain Code=…" text.
enum SystemReason {
  static func of(_ error: any Error) -> String {
    if let error = error as? AtomicFileError { return String(cString: strerror(error.code)) }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code)))
    }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
      let underlying = underlying as NSError
      if underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
      }
    }
    return "\(error)"
  }
}
