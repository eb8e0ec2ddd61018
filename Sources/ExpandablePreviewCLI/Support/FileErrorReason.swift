import Foundation

/// The operating system's reason inside an error from Foundation's file functions, in its own
/// words ("No such file or directory"), rather than Cocoa's paraphrase.
enum FileErrorReason {
  static func of(_ error: Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    // swift-corelibs-foundation keeps only Cocoa's code for the common cases.
    let codes: [CocoaError.Code: Int32] = [
      .fileReadNoSuchFile: ENOENT, .fileNoSuchFile: ENOENT, .fileReadNoPermission: EACCES,
      .fileWriteNoPermission: EACCES, .fileReadTooLarge: EFBIG, .fileWriteOutOfSpace: ENOSPC,
      .fileWriteVolumeReadOnly: EROFS, .fileWriteFileExists: EEXIST,
    ]
    if error.domain == NSCocoaErrorDomain, let code = codes[CocoaError.Code(rawValue: error.code)] {
      return String(cString: strerror(code))
    }
    return error.localizedDescription
  }
}
