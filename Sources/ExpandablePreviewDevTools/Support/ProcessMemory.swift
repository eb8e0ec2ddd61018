import Foundation

/// This process's memory use, read from /proc/self/status (Linux).
enum ProcessMemory {
  /// Resident set size now (`VmRSS`), in bytes; 0 where /proc is missing.
  static var residentBytes: Int { field("VmRSS:") }
  /// Peak resident set size (`VmHWM`), in bytes; 0 where /proc is missing.
  static var peakResidentBytes: Int { field("VmHWM:") }

  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
  }
}
