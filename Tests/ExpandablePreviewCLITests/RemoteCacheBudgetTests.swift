import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// A run's cache use is bounded in time and bytes: past either budget the run stops asking,
/// with one warning, whatever the per-request deadline or the entries' own bounds allow.
@Suite struct RemoteCacheBudgetTests {
  @Test func theTimeBudgetEndsARequestBeforeItsOwnDeadline() throws {
    let server = try SlowCacheServer(.slowBody)
    var settings = try #require(
      try RemoteCacheSettings.resolve(flag: server.url, readOnly: true, environment: [:]))
    settings.timeBudgetSeconds = 1
    let cache = RemoteCache(settings)
    guard case .miss = cache.get(.ac, String(repeating: "a", count: 64), maxBytes: 1 << 20) else {
      Issue.record("a slow body was taken")
      return
    }
    #expect(cache.isDown)
    #expect(cache.warnings.count == 1, "\(cache.warnings)")
    #expect(cache.warnings.first?.contains("budget of 1 s for the cache is spent") == true)
    // Later requests are not sent.
    let connections = server.connections
    _ = cache.get(.cas, String(repeating: "b", count: 64), maxBytes: 1 << 20)
    #expect(server.connections == connections)
  }

  @Test func theByteBudgetStopsTheRunAsking() throws {
    guard let nginx = try NginxCache() else { return }
    var settings = try #require(
      try RemoteCacheSettings.resolve(flag: nginx.url, readOnly: false, environment: [:]))
    let blobs = (0..<3).map { Data(repeating: UInt8($0), count: 600) }
    let digests = blobs.map { _ in UUID().uuidString.replacingOccurrences(of: "-", with: "") }
    let writer = RemoteCache(settings)
    for (digest, blob) in zip(digests, blobs) { writer.put(.cas, digest, blob) }
    #expect(writer.warnings.isEmpty, "\(writer.warnings)")

    settings.byteBudget = 1000
    let cache = RemoteCache(settings)
    guard case .hit(let first) = cache.get(.cas, digests[0], maxBytes: 1 << 20) else {
      Issue.record("the first blob, within the budget, was not read")
      return
    }
    #expect(first == blobs[0])
    for digest in digests.dropFirst() {
      guard case .miss = cache.get(.cas, digest, maxBytes: 1 << 20) else {
        Issue.record("a blob past the budget was read")
        return
      }
    }
    #expect(cache.warnings.count == 1, "\(cache.warnings)")
    #expect(cache.warnings.first?.contains("budget of 1000 bytes for the cache is spent") == true)
    #expect(try nginx.requests().filter { $0.hasPrefix("GET") }.count == 2)
  }
}
