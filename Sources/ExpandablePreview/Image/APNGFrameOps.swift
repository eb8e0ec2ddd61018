extension APNGAnimation {
  /// What happens to a frame's region before the next frame is drawn: the `dispose_op` byte of
  /// the frame's `fcTL` chunk.
  public enum DisposeOp: UInt8, Sendable, Hashable, CaseIterable {
    /// `APNG_DISPOSE_OP_NONE`: the canvas stays as the frame left it.
    case none = 0
    /// `APNG_DISPOSE_OP_BACKGROUND`: the region is cleared to transparent black.
    case background = 1
    /// `APNG_DISPOSE_OP_PREVIOUS`: the region goes back to what it was before the frame.
    case previous = 2
  }

  /// How a frame's pixels meet the canvas: the `blend_op` byte of the frame's `fcTL` chunk.
  public enum BlendOp: UInt8, Sendable, Hashable, CaseIterable {
    /// `APNG_BLEND_OP_SOURCE`: the frame's pixels replace the region's, alpha included.
    case source = 0
    /// `APNG_BLEND_OP_OVER`: the frame's pixels are alpha-composited over the region.
    case over = 1
  }
}
