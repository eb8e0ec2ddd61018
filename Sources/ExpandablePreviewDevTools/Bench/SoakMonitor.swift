import Foundation

/// Samples the resident set size after every pass over the corpus in a long run, to show whether
/// memory stays flat (a leak grows it render after render). Used from one thread, between passes.
final class SoakMonitor {
  struct Sample: Encodable {
    var renders: Int
    var rssBytes: Int
    var peakRSSBytes: Int
  }

  /// The samples in the order taken.
  private(set) var samples: [Sample] = []
  private let report: (Sample) -> Void

  init(report: @escaping (Sample) -> Void) {
    self.report = report
  }

  /// Records resident memory after `renders` renders, with no render in flight.
  func sample(renders: Int) {
    // Hand free heap pages back first, so the sample shows memory in use, not what glibc's
    // arenas keep around after the largest images.
    _ = returnFreeHeapToSystem(0)
    let rss = ProcessMemory.residentBytes
    guard rss > 0 else { return }
    let sample = Sample(
      renders: renders, rssBytes: rss, peakRSSBytes: ProcessMemory.peakResidentBytes)
    samples.append(sample)
    report(sample)
  }

  /// The largest distance of a sample from the samples' mean, in percent of the mean.
  var spreadPercent: Double? {
    let values = samples.map { Double($0.rssBytes) }
    guard values.count > 1 else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    return values.map { abs($0 - mean) }.max()! / mean * 100
  }

  /// Last sample over first, in percent: how much memory grew over the run.
  var growthPercent: Double? {
    let samples = self.samples
    guard let first = samples.first, let last = samples.last, samples.count > 1 else { return nil }
    return (Double(last.rssBytes) / Double(first.rssBytes) - 1) * 100
  }
}

/// glibc's `malloc_trim`: returns free pages at the top of each arena to the system.
@_silgen_name("malloc_trim")
private func returnFreeHeapToSystem(_ pad: Int) -> Int32
