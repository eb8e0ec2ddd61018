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
  ///   - options: the manifest, its items, the limits and the font rules.
  ///   - bytes: the manifest's bytes when read already (by the no-op short-cut).
  ///   - formats: replaces the items' own when given.
  ///   - shard: `options`' shard, parsed (``RunOptions/parsedShard()``).
  ///   - recordFolder: keeps the font check's record.
  ///   - cache: is asked for the font checks the record lacks.
  package init(
    _ options: RunOptions, bytes: [UInt8]? = nil, formats: [OutputFormat]?, shard: Shard?,
    recordFolder: URL?, cache: RemoteCache?, log: RunLog
  ) throws(EngineError) {
    let (manifestPath, only, maxRenders) = (options.manifest, options.only, options.maxRenders)
    let (strict, systemFonts) = (options.strict, options.systemFonts)
    let loaded = try log.refusing { () throws -> (Manifest, BatchPlan, FontCheckSession)? in
      guard
        let (manifest, fonts) = ManifestLoader.load(
          path: manifestPath, bytes: bytes, directory: options.directory, systemFonts: systemFonts,
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
}

extension RunOptions {
  /// Parses ``shard``'s `K/N`, or refuses it.
  package func parsedShard() throws(EngineError) -> Shard? {
    guard let shard else { return nil }
    guard let parsed = Shard(parsing: shard) else {
      throw EngineError("--shard: '\(shard)' is not K/N with 1 ≤ K ≤ N, such as 2/4")
    }
    return parsed
  }

  /// The shared cache these options name: the one the command line resolved, or the settings
  /// and environment's.
  package func cache() throws(EngineError) -> RemoteCache? {
    if let resolvedCache { return resolvedCache }
    return try RemoteCacheSettings.resolve(
      flag: cacheURL, readOnly: cacheReadOnly, environment: environment
    ).map(RemoteCache.init)
  }
}
