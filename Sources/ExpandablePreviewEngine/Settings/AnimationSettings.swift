import ExpandablePreview

/// The manifest's `animation`: a curve's name, or `{"curve", "duration", "fps", "response",
/// "dampingFraction"}`. Every field is optional so an item can override single fields of the
/// defaults' animation; a curve must be set by one of them.
package struct AnimationSettings: Sendable, Equatable {
  package enum Curve: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut, spring
  }

  package var curve: Curve?
  /// Seconds, for the timing curves (default 0.35).
  var duration: Double?
  /// Frames per second (default 60).
  var fps: Int?
  /// The spring's response in seconds and damping fraction (defaults 0.55 and 0.825).
  var response: Double?
  var dampingFraction: Double?
  /// Where the object starts, for "needs curve" errors after merging.
  var offset: Int?

  static let keys = ["curve", "duration", "fps", "response", "dampingFraction"]

  /// These settings with every field `other` sets replaced.
  func overridden(by other: AnimationSettings) -> AnimationSettings {
    AnimationSettings(
      curve: other.curve ?? curve, duration: other.duration ?? duration, fps: other.fps ?? fps,
      response: other.response ?? response,
      dampingFraction: other.dampingFraction ?? dampingFraction, offset: other.offset ?? offset)
  }

  /// The library value; nil until a curve is set.
  var animation: ExpandAnimation? {
    guard let curve else { return nil }
    let seconds = duration ?? ExpandAnimation.defaultDuration
    switch curve {
    case .linear: return .linear(duration: seconds)
    case .easeIn: return .easeIn(duration: seconds)
    case .easeOut: return .easeOut(duration: seconds)
    case .easeInOut: return .easeInOut(duration: seconds)
    case .spring:
      return .spring(
        response: response ?? ExpandAnimation.defaultSpringResponse,
        dampingFraction: dampingFraction ?? ExpandAnimation.defaultDampingFraction)
    }
  }

  /// Why the merged fields do not make an animation, or nil: a curve is needed, and the
  /// spring's fields go with the spring only, the duration with the timing curves only.
  var problem: String? {
    guard let curve else { return "needs 'curve' (linear, easeIn, easeOut, easeInOut or spring)" }
    if curve == .spring, duration != nil {
      return "a spring lasts until it settles: leave out 'duration' (use 'response')"
    }
    if curve != .spring, response != nil || dampingFraction != nil {
      return "'response' and 'dampingFraction' are for the spring curve, not \(curve.rawValue)"
    }
    return nil
  }
}

extension AnimationSettings {
  /// Reads a curve name, or an object of the fields.
  init(reading node: JSONNode, key: String, in parent: ObjectReader) throws(ManifestError) {
    offset = node.offset
    if case .string = node.value {
      curve = try parent.reader(for: key).choice(node)
      return
    }
    let object = try ObjectReader(
      node, scope: parent.scope, keyPrefix: "\(parent.keyPrefix)\(key).", knownKeys: Self.keys,
      source: parent.source, keyNames: parent.keyNames)
    curve = try object.choice("curve")
    duration = try object.read("duration") { reader, node throws(ManifestError) in
      try reader.checked(node, ValueReader.number) { SettingRules.animationSeconds($0, .duration) }
    }
    fps = try object.read("fps") { reader, node throws(ManifestError) in
      try reader.checked(node, ValueReader.integer, SettingRules.framesPerSecond)
    }
    response = try object.read("response") { reader, node throws(ManifestError) in
      try reader.checked(node, ValueReader.number) { SettingRules.animationSeconds($0, .response) }
    }
    dampingFraction = try object.read("dampingFraction") { reader, node throws(ManifestError) in
      try reader.checked(node, ValueReader.number, SettingRules.dampingFraction)
    }
  }
}
