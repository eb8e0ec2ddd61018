/// What one worker (or, summed, the whole run) measured.
struct BenchStats: Sendable {
  var renders = 0
  var collapsedRenders = 0
  var collapsedLayoutsTotal = 0
  var maxLayoutsPerCollapsed = 0
  var bytesWritten = 0
  var pixels = 0
  /// Thread CPU time spent in the writer that wrote the files.
  var encodeSeconds = 0.0
  /// Thread CPU time of whole renders (layout, drawing, encoding, writing): steadier than wall
  /// time on a shared machine, for comparing font sets.
  var renderCPUSeconds = 0.0
  /// With `--compare-encoders`: the other writer's time and bytes on the same images.
  var otherEncodeSeconds = 0.0
  var otherEncodeBytes = 0

  mutating func add(_ other: BenchStats) {
    renders += other.renders
    collapsedRenders += other.collapsedRenders
    collapsedLayoutsTotal += other.collapsedLayoutsTotal
    maxLayoutsPerCollapsed = max(maxLayoutsPerCollapsed, other.maxLayoutsPerCollapsed)
    bytesWritten += other.bytesWritten
    pixels += other.pixels
    encodeSeconds += other.encodeSeconds
    renderCPUSeconds += other.renderCPUSeconds
    otherEncodeSeconds += other.otherEncodeSeconds
    otherEncodeBytes += other.otherEncodeBytes
  }

  var meanLayoutsPerCollapsed: Double {
    collapsedRenders == 0 ? 0 : Double(collapsedLayoutsTotal) / Double(collapsedRenders)
  }
}
