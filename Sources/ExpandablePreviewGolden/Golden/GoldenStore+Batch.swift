extension GoldenStore {
  /// Starts a run's batch: until ``endLockBatch()``, a locked folder keeps the lines its checks
  /// record (the store's reads see them) and their layout records, to write the lock once
  /// instead of rewriting the whole file per golden. A run stopped before the end leaves the
  /// lock and records as they were (the uploaded blobs stay in the store, unnamed). A folder
  /// of images writes as it goes.
  package func beginLockBatch() { (images as? LockedImages)?.beginBatch() }

  /// Ends the run's batch: writes every kept line into the lock at once (atomically, onto the
  /// file as it is now), then the kept layout records.
  ///
  /// - Throws: ``GoldenStoreError`` when the lock or a record cannot be written.
  package func endLockBatch() throws { try (images as? LockedImages)?.endBatch() }

  /// How many times this store and its copies wrote the lock file (tests count a run's).
  package var lockWrites: Int {
    (images as? LockedImages)?.lockWrites.withLock { $0 } ?? 0
  }
}
