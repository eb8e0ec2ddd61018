import ExpandablePreview
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewGolden

/// A fresh `verify` hashes the font set twice over: for the job keys (``InputHashes``) and for
/// the fingerprint (``FontFileCache``). Both ask one file-hash cache, so each file is read once.
@Suite struct OneFileHashCacheTests {
  @Test func theKeysAndTheFingerprintReadEachFontFileOnce() throws {
    // Counts reads, and marks what it read (the hash reversed), so a hash that did not come
    // through this cache cannot pass for one that did.
    let counts = Locked([String: Int]())
    let digests = FileDigestCache { (path) throws(FileDigestError) in
      counts.withLock { $0[path, default: 0] += 1 }
      let read = try FileDigest.read(path)
      return FileDigest(stamp: read.stamp, sha256: String(read.sha256.reversed()))
    }
    // The installed standard set: files old enough to be settled, as on any CI machine.
    let paths = StandardFonts.files.map(\.path).filter {
      FileManager.default.fileExists(atPath: $0)
    }
    try #require(paths.count >= 3)
    let now = FileStamp.currentNanoseconds()
    let (hashes, _) = try InputHashes().hashes(of: paths, now: now, cache: digests)
    let fonts = FontFileCache(digests: digests)
    let listed = try paths.map { try fonts.fontFile(at: $0) }
    #expect(listed.map(\.sha256) == hashes)
    #expect(try hashes.first == String(FileDigest.read(paths[0]).sha256.reversed()))
    #expect(counts.withLock { $0 } == Dictionary(uniqueKeysWithValues: paths.map { ($0, 1) }))
  }
}
