import Foundation

/// Samples the resident set size every `interval` renders of a long run, to show whether memory
/// stays flat (a leak grows it render after render). The interval is one pass over the corpus,
/// so every sample is taken at the same point of it, with the same images in flight.
final class SoakMonitor: @unchecked Sendable {
  struct Sample: Encodable {
    var renders: Int
    var rssBytes: Int
    var peakRSSBytes: Int
  }

  let interval: Int
  private let lock = NSLock()
  private var collected: [Sample] = []
  private let report: @Sendable (Sample) -> Void

  init(interval: Int, report: @escaping @Sendable (Sample) -> Void) {
    self.interval = max(1, interval)
    self.report = report
  }

  /// Called as render `index` starts: `index` renders are behind it (or under way).
  func willRender(_ index: Int) {
    guard index > 0, index % interval == 0 else { return }
    let rss = ProcessMemory.residentBytes
    guard rss > 0 else { return }
    let sample = Sample(
      renders: index, rssBytes: rss, peakRSSBytes: ProcessMemory.peakResidentBytes)
    lock.withLock { collected.append(sample) }
    report(sample)
  }

  var samples: [Sample] { lock.withLock { collected.sorted { $0.renders < $1.renders } } }

  /// How far the samples spread, relative to the first: the first is taken after a pass over
  /// the corpus has warmed font and glyph caches.
  var spreadPercent: Double? {
    let samples = self.samples
    guard let first = samples.first, samples.count > 1 else { return nil }
    let values = samples.map(\.rssBytes)
    return Double(values.max()! - values.min()!) / Double(first.rssBytes) * 100
  }
}
