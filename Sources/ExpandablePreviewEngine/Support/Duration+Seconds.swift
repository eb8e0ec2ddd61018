/// A duration as fractional seconds, for rates and reports.
extension Duration {
  package var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
