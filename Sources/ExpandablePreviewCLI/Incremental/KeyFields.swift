import ExpandablePreview
import Foundation

/// A job's options, variant and component written into its key field by field: describing them
/// through reflection (`String(reflecting:)`) was the largest cost of an unchanged run. Every
/// stored field is written with its name; `JobKeyTests` lists the structs' fields by `Mirror`
/// and fails when one is added without being written here. The enums with payloads (a font's
/// or a color's storage, an animation's curve) are switched over without a `default`, so a
/// case added to them does not compile until it is written.
enum KeyFields {
  static func write(_ options: RenderOptions, to digest: SHA256Digest) {
    digest.update(field: "options")
    write("width", options.width, to: digest)
    write("scale", String(options.scale), to: digest)
    write("appearance", options.appearance.rawValue, to: digest)
    write("dynamicType", options.dynamicType.rawValue, to: digest)
    write("padding.top", options.padding.top, to: digest)
    write("padding.leading", options.padding.leading, to: digest)
    write("padding.bottom", options.padding.bottom, to: digest)
    write("padding.trailing", options.padding.trailing, to: digest)
    if let background = options.background {
      write("background", background, to: digest)
    } else {
      digest.update(field: "background.none")
    }
    write("state", options.state.rawValue, to: digest)
    write("framesPerSecond", String(options.framesPerSecond), to: digest)
    write("language", options.language, to: digest)
    write("legibilityWeight", options.legibilityWeight.rawValue, to: digest)
    write("colorSchemeContrast", options.colorSchemeContrast.rawValue, to: digest)
    write("accessibilityReduceMotion", options.accessibilityReduceMotion, to: digest)
  }

  static func write(_ variant: Variant, to digest: SHA256Digest) {
    digest.update(field: "variant")
    write("appearance", variant.appearance.rawValue, to: digest)
    write("dynamicType", variant.dynamicType.rawValue, to: digest)
    write("legibilityWeight", variant.legibilityWeight.rawValue, to: digest)
    write("colorSchemeContrast", variant.colorSchemeContrast.rawValue, to: digest)
    if let device = variant.device {
      write("device.name", device.name, to: digest)
      write("device.width", device.width, to: digest)
      write("device.margin", device.margin, to: digest)
    } else {
      digest.update(field: "device.none")
    }
    write("width", variant.width, to: digest)
    write("scale", String(variant.scale), to: digest)
  }

  /// The component as the renderer sees it: the buttons through their public values (a
  /// default button is the style's, which is written too), every other field as stored.
  static func write(_ component: ExpandableText, to digest: SHA256Digest) {
    digest.update(field: "component")
    write("text", component.text, to: digest)
    write("font", component.font, to: digest)
    write("lineLimit", String(component.lineLimit), to: digest)
    write("foregroundColor", component.foregroundColor, to: digest)
    write("expandButton", component.expandButton, to: digest)
    if let collapse = component.collapseButton {
      write("collapseButton", collapse, to: digest)
    } else {
      digest.update(field: "collapseButton.none")
    }
    write("collapsePlacement", component.collapsePlacement.rawValue, to: digest)
    write("lineSpacing", component.lineSpacing, to: digest)
    write("truncationStyle", component.truncationStyle.rawValue, to: digest)
    write("ellipsis", component.ellipsis, to: digest)
    write("cutsAtWordBoundaries", component.cutsAtWordBoundaries, to: digest)
    write("direction", component.direction.rawValue, to: digest)
    write("isMarkdown", component.isMarkdown, to: digest)
    write("tint", component.tint, to: digest)
    if let animation = component.expandAnimation {
      write("expandAnimation", animation, to: digest)
    } else {
      digest.update(field: "expandAnimation.none")
    }
  }

  /// The SHA-256 of the component's fields: made once for all the jobs of an item.
  static func key(of component: ExpandableText) -> String {
    let digest = SHA256Digest()
    write(component, to: digest)
    return digest.hex()
  }

  private static func write(_ name: String, _ label: TextSet, to digest: SHA256Digest) {
    write(name + ".text", label.text, to: digest)
    if let font = label.font {
      write(name + ".font", font, to: digest)
    } else {
      digest.update(field: name + ".font.none")
    }
    write(name + ".color", label.color, to: digest)
  }

  private static func write(_ name: String, _ font: Font, to digest: SHA256Digest) {
    switch font.storage {
    case .style(let style, let family, let weight):
      write(name + ".style", style.rawValue, to: digest)
      write(name + ".family", family.map { "1" + $0 } ?? "0", to: digest)
      write(name + ".weight", weight.map { String($0.rawValue) } ?? "none", to: digest)
    case .description(let description):
      write(name + ".description", description, to: digest)
    }
  }

  private static func write(_ name: String, _ color: Color, to digest: SHA256Digest) {
    switch color.storage {
    case .fixed(let rgba):
      write(name + ".fixed", rgba, to: digest)
    case .named(let colorName, let light, let dark):
      write(name + ".named", colorName, to: digest)
      write(name + ".light", light, to: digest)
      write(name + ".dark", dark, to: digest)
    }
  }

  private static func write(_ name: String, _ rgba: Color.RGBA, to digest: SHA256Digest) {
    write(name + ".red", rgba.red, to: digest)
    write(name + ".green", rgba.green, to: digest)
    write(name + ".blue", rgba.blue, to: digest)
    write(name + ".alpha", rgba.alpha, to: digest)
  }

  private static func write(_ name: String, _ animation: ExpandAnimation, to digest: SHA256Digest) {
    switch animation.curve {
    case .linear:
      digest.update(field: name + ".linear")
    case .timingCurve(let x1, let y1, let x2, let y2):
      write(name + ".timingCurve.x1", x1, to: digest)
      write(name + ".timingCurve.y1", y1, to: digest)
      write(name + ".timingCurve.x2", x2, to: digest)
      write(name + ".timingCurve.y2", y2, to: digest)
    case .spring(let response, let dampingFraction):
      write(name + ".spring.response", response, to: digest)
      write(name + ".spring.dampingFraction", dampingFraction, to: digest)
    }
    if let duration = animation.duration {
      write(name + ".duration", duration, to: digest)
    } else {
      digest.update(field: name + ".duration.none")
    }
  }

  /// The name, then the value's length in UTF-8 bytes and the value: no value can run into
  /// the next field, whatever characters it holds.
  static func write(_ name: String, _ value: String, to digest: SHA256Digest) {
    digest.update(field: name)
    digest.update(field: String(value.utf8.count))
    digest.update(field: value)
  }

  /// A number by its bits: every distinct value (−0 and 0 too) writes a distinct field.
  static func write(_ name: String, _ value: Double, to digest: SHA256Digest) {
    write(name, String(value.bitPattern, radix: 16), to: digest)
  }

  static func write(_ name: String, _ value: Bool, to digest: SHA256Digest) {
    write(name, value ? "1" : "0", to: digest)
  }
}
