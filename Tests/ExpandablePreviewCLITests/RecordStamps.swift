import Foundation
import Testing

/// `files` with the render record's stamps set to null: each file's stamp is the one its
/// write gave it (inode, times), which no two runs share; keys and digests stay compared.
func withoutRecordStamps(_ files: [String: Data]) throws -> [String: Data] {
  let name = ".expandable-preview-render.json"
  guard let data = files[name] else { return files }
  var record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let jobs = try #require(record["jobs"] as? [String: [Any]])
  record["jobs"] = jobs.mapValues { entry in
    Array(entry.prefix(2))
      + entry.dropFirst(2).map { file in
        guard var file = file as? [Any], file.count == 3 else { return file }
        file[2] = NSNull()
        return file
      }
  }
  let reports = try #require(record["reports"] as? [String: [Any]])
  record["reports"] = reports.mapValues { report in
    var report = report
    if report.count > 1 { report[1] = NSNull() }
    return report
  }
  var stripped = files
  stripped[name] = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
  return stripped
}
