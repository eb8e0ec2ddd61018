import Foundation

extension Manifest {
  /// Reads the manifest at `url` as `render` and `verify` read it: every item resolved against
  /// `defaults` and `variants`, `textFile`s read, names and settings checked.
  ///
  /// - Throws: ``EngineError`` with every problem of the manifest, each as
  ///   `file:line:column: message`.
  public static func load(from url: URL) throws(EngineError) -> Manifest {
    do throws(ManifestErrors) {
      var manifest = try ManifestDecoder.decode(path: url.path)
      manifest.source = url.path
      return manifest
    } catch {
      throw EngineError(error.description)
    }
  }

  /// The items' names, in the manifest's order.
  public var itemNames: [String] { items.map(\.name) }

  /// The jobs of every item (or of the items named in `only`) in every variant and state, in a
  /// fixed order, as `render --only` plans them.
  ///
  /// - Throws: ``EngineError`` when `only` names an item the manifest does not have, or the
  ///   variants ask for more than `maxRenders` renders.
  public func plan(only: [String]? = nil, maxRenders: Int = 100_000) throws(EngineError)
    -> RenderPlan
  {
    let batch = try BatchPlan(manifest: self, only: only, shard: nil, maxRenders: maxRenders)
    return RenderPlan(batch: batch, manifest: self, only: only, maxRenders: maxRenders)
  }
}
