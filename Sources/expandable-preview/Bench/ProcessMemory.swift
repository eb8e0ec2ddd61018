import Foundation

/// This process's memory as Linux reports it in `/proc/self/status`; `nil` elsewhere.
enum ProcessMemory {
  /// The peak resident set size (`VmHWM`).
  static var peakResidentBytes: Int? { field("VmHWM") }
  /// The current resident set size (`VmRSS`).
  static var residentBytes: Int? { field("VmRSS") }

  /// Reads a `Name:   1234 kB` line.
  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let number = line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first
      return number.flatMap { Int($0) }.map { $0 * 1024 }
    }
    return nil
  }
}
