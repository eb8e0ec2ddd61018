import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// A blob streamed to a consumer (a plan bundle's, written to files as it arrives): the
/// request's deadline bounds the wait for the server, not the consumer's own work, and a
/// server that sends slowly is still cut off.
@Suite struct StreamedBlobTests {
  @Test func aConsumerSlowerThanTheDeadlineStillGetsTheWholeBlob() throws {
    guard let nginx = try NginxCache() else { return }
    var settings = try #require(
      try RemoteCacheSettings.resolve(flag: nginx.url, readOnly: false, environment: [:]))
    let blob = Data((0..<(4 << 16)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let digest = String(repeating: "c", count: 64)
    RemoteCache(settings).put(.cas, digest, blob)
    settings.timeoutSeconds = 1
    let cache = RemoteCache(settings)
    var received = Data()
    // Four pieces of 64 KiB, each taking 0.4 s to "write": 1.6 s of the tool's own work.
    let streamed = cache.stream(digest, maxBytes: blob.count) { piece in
      received.append(contentsOf: piece)
      Thread.sleep(forTimeInterval: 0.4)
      return true
    }
    guard case .read(let count) = streamed else {
      Issue.record("the blob was not read: \(cache.warnings)")
      return
    }
    #expect(count == blob.count && received == blob)
    #expect(!cache.isDown && cache.warnings.isEmpty, "\(cache.warnings)")
  }

  @Test func aSlowServerIsStillCutOffWhileStreaming() throws {
    let server = try SlowCacheServer(.slowBody)
    var settings = try #require(
      try RemoteCacheSettings.resolve(flag: server.url, readOnly: true, environment: [:]))
    settings.timeoutSeconds = 1
    let cache = RemoteCache(settings)
    let streamed = cache.stream(String(repeating: "b", count: 64), maxBytes: 1 << 20) { _ in true }
    guard case .miss = streamed else {
      Issue.record("a slow body was taken")
      return
    }
    #expect(cache.isDown)
    #expect(cache.warnings.count == 1, "\(cache.warnings)")
    #expect(cache.warnings.first?.contains("is not usable") == true, "\(cache.warnings)")
  }
}
