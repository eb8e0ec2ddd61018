/// Finds the first index of `0..<count` that fits, where every index after a fitting one fits
/// too, from a predicted index: it gallops away from the prediction (1, 3, 7, … steps) until
/// the answer changes, then halves the gap. With the answer `d` indices from the prediction it
/// probes at most `2 + 2⌊log₂(d + 1)⌋` indices, and 2 when the prediction is right.
struct GallopingSearch {
  let count: Int
  /// The largest index known not to fit; -1 before one is.
  private(set) var failing = -1
  /// The smallest index known to fit; `count` before one is.
  private(set) var fitting: Int
  /// The index to probe next; `nil` once `fitting` is the answer (`count`: nothing fits).
  private(set) var next: Int?
  /// The outcome of the first probe, while every probe has had it; `nil` once bisecting.
  private var galloping: Bool?
  private var step = 1
  /// Probes recorded so far.
  private(set) var probes = 0

  init(count: Int, start: Int) {
    self.count = count
    fitting = count
    next = count > 0 ? min(max(start, 0), count - 1) : nil
  }

  /// Takes the outcome of probing `next` and chooses the probe after it.
  mutating func record(fits: Bool) {
    guard let index = next else { return }
    if fits { fitting = index } else { failing = index }
    probes += 1
    if probes == 1 { galloping = fits } else if galloping != fits { galloping = nil }
    guard fitting - failing > 1 else {
      next = nil
      return
    }
    switch galloping {
    case true?: next = max(failing + 1, fitting - step)
    case false?: next = min(fitting - 1, failing + step)
    case nil: next = failing + (fitting - failing) / 2
    }
    step *= 2
  }
}
