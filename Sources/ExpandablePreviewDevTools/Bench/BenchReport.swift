import ExpandablePreview
import Foundation

/// The benchmark's figures, printed as text or as one JSON object.
struct BenchReport: Encodable {
  var items: Int
  var jobs: Int
  var seconds: Double
  var msPerItem: Double
  /// Thread CPU time per text (both states), summed over the workers.
  var cpuMsPerItem: Double
  /// `pinned` or `system`.
  var fonts: String
  var itemsPerSecond: Double
  var maxLayoutsPerCollapsed: Int
  var meanLayoutsPerCollapsed: Double
  var bytesWritten: Int
  var pngFiles: Int
  var megapixels: Double
  var peakRSSBytes: Int?
  var encoder: String
  var encodeSeconds: Double
  var comparedEncoder: String?
  var comparedEncodeSeconds: Double?
  var comparedEncodeBytes: Int?
  var pangoViewMsPerItem: Double?
  var speedupVsPangoView: Double?

  init(
    items: Int, jobs: Int, seconds: Double, stats: BenchStats, encoder: BenchEncoder,
    comparesEncoders: Bool, pangoViewSeconds: Double?, fontSet: FontSet = .standard
  ) {
    cpuMsPerItem = stats.renderCPUSeconds * 1000 / Double(items)
    fonts = fontSet.isMachineDependent ? "system" : "pinned"
    self.items = items
    self.jobs = jobs
    self.seconds = seconds
    msPerItem = seconds * 1000 / Double(items)
    itemsPerSecond = Double(items) / seconds
    maxLayoutsPerCollapsed = stats.maxLayoutsPerCollapsed
    meanLayoutsPerCollapsed = stats.meanLayoutsPerCollapsed
    bytesWritten = stats.bytesWritten
    pngFiles = stats.renders
    megapixels = Double(stats.pixels) / 1e6
    peakRSSBytes = ProcessMemory.peakResidentBytes > 0 ? ProcessMemory.peakResidentBytes : nil
    self.encoder = encoder.rawValue
    encodeSeconds = stats.encodeSeconds
    if comparesEncoders {
      comparedEncoder = (encoder == .cairo ? BenchEncoder.libdeflate : .cairo).rawValue
      comparedEncodeSeconds = stats.otherEncodeSeconds
      comparedEncodeBytes = stats.otherEncodeBytes
    }
    if let pangoViewSeconds {
      pangoViewMsPerItem = pangoViewSeconds * 1000 / Double(items)
      speedupVsPangoView = pangoViewSeconds / seconds
    }
  }

  /// Absent figures are written as `null`, so the keys are always there.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(jobs, forKey: .jobs)
    try container.encode(seconds, forKey: .seconds)
    try container.encode(msPerItem, forKey: .msPerItem)
    try container.encode(cpuMsPerItem, forKey: .cpuMsPerItem)
    try container.encode(fonts, forKey: .fonts)
    try container.encode(itemsPerSecond, forKey: .itemsPerSecond)
    try container.encode(maxLayoutsPerCollapsed, forKey: .maxLayoutsPerCollapsed)
    try container.encode(meanLayoutsPerCollapsed, forKey: .meanLayoutsPerCollapsed)
    try container.encode(bytesWritten, forKey: .bytesWritten)
    try container.encode(pngFiles, forKey: .pngFiles)
    try container.encode(megapixels, forKey: .megapixels)
    try container.encode(peakRSSBytes, forKey: .peakRSSBytes)
    try container.encode(self.encoder, forKey: .encoder)
    try container.encode(encodeSeconds, forKey: .encodeSeconds)
    try container.encode(comparedEncoder, forKey: .comparedEncoder)
    try container.encode(comparedEncodeSeconds, forKey: .comparedEncodeSeconds)
    try container.encode(comparedEncodeBytes, forKey: .comparedEncodeBytes)
    try container.encode(pangoViewMsPerItem, forKey: .pangoViewMsPerItem)
    try container.encode(speedupVsPangoView, forKey: .speedupVsPangoView)
  }

  private enum CodingKeys: String, CodingKey {
    case items, jobs, seconds, msPerItem, cpuMsPerItem, fonts, itemsPerSecond
    case maxLayoutsPerCollapsed
    case meanLayoutsPerCollapsed, bytesWritten, pngFiles, megapixels, peakRSSBytes, encoder
    case encodeSeconds, comparedEncoder, comparedEncodeSeconds, comparedEncodeBytes
    case pangoViewMsPerItem, speedupVsPangoView
  }

  /// `value` as one line of JSON with sorted keys: what every `bench --json` prints.
  static func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// The human-readable report; `pangoViewSkipped` says why there is no comparison.
  func text(pangoViewSkipped: String?) -> String {
    var lines = [
      "ExpandablePreview: \(items) texts in \(Self.format(seconds, 2)) s with \(jobs) job(s): "
        + "\(Self.format(itemsPerSecond, 1)) texts/s, \(Self.format(msPerItem, 2)) ms per text",
      "  thread CPU: \(Self.format(cpuMsPerItem, 2)) ms per text (\(fonts) fonts)",
      "  layouts per collapsed render: max \(maxLayoutsPerCollapsed), mean "
        + Self.format(meanLayoutsPerCollapsed, 2),
      "  written: \(pngFiles) PNGs, \(Self.format(megapixels, 1)) megapixels, "
        + "\(Self.megabytes(bytesWritten)) (\(bytesWritten) bytes)",
      "  encoding (\(encoder)): \(Self.format(encodeSeconds, 2)) s of thread CPU time",
    ]
    if let comparedEncoder, let comparedEncodeSeconds, let comparedEncodeBytes {
      lines.append(
        "  same images with \(comparedEncoder): \(Self.format(comparedEncodeSeconds, 2)) s, "
          + "\(Self.megabytes(comparedEncodeBytes)); \(encoder) is "
          + "\(Self.format(comparedEncodeSeconds / encodeSeconds, 2))× as fast at "
          + "\(Self.format(Double(bytesWritten) / Double(comparedEncodeBytes), 3))× the bytes")
    }
    lines.append("  peak RSS: " + (peakRSSBytes.map(Self.megabytes) ?? "unknown"))
    if let pangoViewMsPerItem, let speedupVsPangoView {
      lines.append(
        "pango-view loop (2 processes per text, --dpi=144, one after another): "
          + "\(Self.format(pangoViewMsPerItem, 2)) ms per text")
      lines.append("  speed-up over pango-view: \(Self.format(speedupVsPangoView, 2))×")
    } else if let pangoViewSkipped {
      lines.append(pangoViewSkipped)
    }
    return lines.joined(separator: "\n")
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }

  static func megabytes(_ bytes: Int) -> String {
    format(Double(bytes) / 1_048_576, 1) + " MiB"
  }
}
