import Foundation

/// The operating system's reason inside an error, in plain words (`strerror`), for messages
/// that would otherwise show Foundation's "Error Domain=NSCocoaErrorDomain Code=…" text.
package enum SystemReason {
  /// The words for one `errno` code.
  package static func of(code: Int32) -> String { String(cString: strerror(code)) }

  /// The words for the calling thread's `errno`, read at once.
  package static var current: String { of(code: errno) }

  package static func of(_ error: any Error) -> String {
    if let error = error as? AtomicFileError { return of(code: error.code) }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain {
      return of(code: Int32(nsError.code))
    }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
      let underlying = underlying as NSError
      if underlying.domain == NSPOSIXErrorDomain {
        return of(code: Int32(underlying.code))
      }
    }
    // swift-corelibs-foundation keeps only Cocoa's code for the common cases.
    let codes: [CocoaError.Code: Int32] = [
      .fileReadNoSuchFile: ENOENT, .fileNoSuchFile: ENOENT, .fileReadNoPermission: EACCES,
      .fileWriteNoPermission: EACCES, .fileReadTooLarge: EFBIG, .fileWriteOutOfSpace: ENOSPC,
      .fileWriteVolumeReadOnly: EROFS, .fileWriteFileExists: EEXIST,
    ]
    if nsError.domain == NSCocoaErrorDomain,
      let code = codes[CocoaError.Code(rawValue: nsError.code)]
    {
      return of(code: code)
    }
    return "\(error)"
  }
}
