extension VerifyOutcome {
  /// A review of this run's failing images: approve them, reject them with a note, undo
  /// (``VerifyReview``). It reads the run's manifest again and judges as the run did (its
  /// snapshots folder, golden store, tolerances and artifacts folder).
  ///
  /// - Parameter earlier: the review of an earlier run, whose decisions stay undoable.
  /// - Throws: ``EngineError`` when the manifest can no longer be read, or the rejections kept
  ///   in the artifacts folder cannot be read.
  public func review(continuing earlier: VerifyReview? = nil) throws(EngineError) -> VerifyReview {
    guard let request else {
      throw EngineError("only an outcome of VerifyRequest.run() can be reviewed")
    }
    let checker = try GoldenReview(
      manifest: request.manifest, snapshots: request.snapshots, workers: request.workers,
      blobs: request.goldenStore, diff: request.diff)
    var review = VerifyReview(artifacts: request.artifacts, continuing: earlier)
    try review.show(imageEntries, checkedBy: checker)
    return review
  }
}
