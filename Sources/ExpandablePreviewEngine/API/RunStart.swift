import ExpandablePreview
import Foundation

/// How `render` and `verify` both start: the manifest read, its jobs planned for the run's
/// items and shard, and its fonts checked. A problem refuses the run with an ``EngineError``
/// naming every one (the command line's exit 2); a font problem without `strict` is a warning.
package struct RunStart {
  package var manifest: Manifest
  package var plan: BatchPlan
  package var fonts: FontCheckSession

  /// - Parameters:
  ///   - bytes: the manifest's bytes when read already (by the no-op short-cut).
  ///   - formats: replaces the items' own when given.
  ///   - recordFolder: keeps the font check's record.
  ///   - cache: is asked for the font checks the record lacks.
  package init(
    manifestPath: String, bytes: [UInt8]? = nil, formats: [OutputFormat]?, only: [String]?,
    shard: Shard?, maxRenders: Int, strict: Bool, systemFonts: Bool, recordFolder: URL?,
    cache: RemoteCache?, log: RunLog
  ) throws(EngineError) {
    let loaded = try log.refusing { () throws -> (Manifest, BatchPlan, FontCheckSession)? in
      guard
        let (manifest, fonts) = ManifestLoader.load(
          path: manifestPath, bytes: bytes, systemFonts: systemFonts,
          recordFolder: recordFolder, cache: cache)
      else { return nil }
      let plan = try BatchPlan(
        manifest: manifest, only: only, shard: shard, maxRenders: maxRenders, formats: formats)
      guard let problems = fonts.problems(in: plan.renderedItems.map { plan.items[$0] }) else {
        return nil
      }
      for message in problems { RunMessages.say((strict ? "error: " : "warning: ") + message) }
      return strict && !problems.isEmpty ? nil : (manifest, plan, fonts)
    }
    (manifest, plan, fonts) = loaded
  }

  /// Parses `--shard`'s `K/N`, or refuses it.
  package static func shard(_ text: String?) throws(EngineError) -> Shard? {
    guard let text else { return nil }
    guard let shard = Shard(parsing: text) else {
      throw EngineError("--shard: '\(text)' is not K/N with 1 ≤ K ≤ N, such as 2/4")
    }
    return shard
  }

  /// The shared cache a request names: the one the command line resolved, or the settings
  /// and environment's.
  package static func cache(
    resolved: RemoteCache??, url: String?, readOnly: Bool, environment: [String: String]
  ) throws(EngineError) -> RemoteCache? {
    if let resolved { return resolved }
    return try RemoteCacheSettings.resolve(
      flag: url, readOnly: readOnly, environment: environment
    ).map(RemoteCache.init)
  }
}
