import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A job's options, variant and component written into its key field by field: describing them
/// through reflection (`String(reflecting:)`) was the largest cost of an unchanged run. Every
/// stored field is written with its name; `JobKeyTests` lists the structs' fields by `Mirror`
/// and fails when one is added without being written here. The enums with payloads (a font's
/// or a color's storage, an animation's curve) are switched over without a `default`, so a
/// case added to them does not compile until it is written.
package enum KeyFields {
  package static func write(_ options: RenderOptions, to digest: SHA256Digest) {
    digest.update(name: "options")
    write("width", options.width, to: digest)
    write("scale", options.scale, to: digest)
    write("appearance", options.appearance.rawValue, to: digest)
    write("dynamicType", options.dynamicType.rawValue, to: digest)
    write("padding.top", options.padding.top, to: digest)
    write("padding.leading", options.padding.leading, to: digest)
    write("padding.bottom", options.padding.bottom, to: digest)
    write("padding.trailing", options.padding.trailing, to: digest)
    if let background = options.background {
      write("background", background, to: digest)
    } else {
      digest.update(name: "background.none")
    }
    write("state", options.state.rawValue, to: digest)
    write("framesPerSecond", options.framesPerSecond, to: digest)
    write("language", options.language, to: digest)
    write("legibilityWeight", options.legibilityWeight.rawValue, to: digest)
    write("colorSchemeContrast", options.colorSchemeContrast.rawValue, to: digest)
    write("accessibilityReduceMotion", options.accessibilityReduceMotion, to: digest)
  }

  /// Each axis's fields (``VariantAxis/writeKey``), in ``VariantAxis/all``'s order.
  static func write(_ variant: Variant, to digest: SHA256Digest) {
    digest.update(name: "variant")
    for axis in VariantAxis.all { axis.writeKey(variant, digest) }
  }

  /// The component as the renderer sees it: the buttons through their public values (a
  /// default button is the style's, which is written too), every other field as stored.
  package static func write(_ component: ExpandableText, to digest: SHA256Digest) {
    digest.update(name: "component")
    write("text", component.text, to: digest)
    write("font", component.font, to: digest)
    write("lineLimit", component.lineLimit, to: digest)
    write("foregroundColor", component.foregroundColor, to: digest)
    write("expandButton", component.expandButton, to: digest)
    if let collapse = component.collapseButton {
      write("collapseButton", collapse, to: digest)
    } else {
      digest.update(name: "collapseButton.none")
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
      digest.update(name: "expandAnimation.none")
    }
  }

  /// The SHA-256 of the component's fields: made once for all the jobs of an item.
  package static func key(of component: ExpandableText) -> String {
    let digest = SHA256Digest()
    write(component, to: digest)
    return digest.hex()
  }

  // A nested value writes its name, then its own fields under fixed names: which fields follow
  // is decided by the names and markers before them, so the bytes read back one way only.

  private static func write(_ name: StaticString, _ label: TextSet, to digest: SHA256Digest) {
    digest.update(name: name)
    write("text", label.text, to: digest)
    if let font = label.font {
      write("font", font, to: digest)
    } else {
      digest.update(name: "font.none")
    }
    write("color", label.color, to: digest)
  }

  private static func write(_ name: StaticString, _ font: Font, to digest: SHA256Digest) {
    digest.update(name: name)
    switch font.storage {
    case .style(let style, let family, let weight):
      write("style", style.rawValue, to: digest)
      if let family {
        write("family", family, to: digest)
      } else {
        digest.update(name: "family.none")
      }
      if let weight {
        write("weight", weight.rawValue, to: digest)
      } else {
        digest.update(name: "weight.none")
      }
    case .description(let description):
      write("description", description, to: digest)
    }
  }

  private static func write(_ name: StaticString, _ color: Color, to digest: SHA256Digest) {
    digest.update(name: name)
    switch color.storage {
    case .fixed(let rgba):
      write("fixed", rgba, to: digest)
    case .named(let colorName, let light, let dark):
      write("named", colorName, to: digest)
      write("light", light, to: digest)
      write("dark", dark, to: digest)
    }
  }

  private static func write(_ name: StaticString, _ rgba: Color.RGBA, to digest: SHA256Digest) {
    digest.update(name: name)
    write("red", rgba.red, to: digest)
    write("green", rgba.green, to: digest)
    write("blue", rgba.blue, to: digest)
    write("alpha", rgba.alpha, to: digest)
  }

  private static func write(
    _ name: StaticString, _ animation: ExpandAnimation, to digest: SHA256Digest
  ) {
    digest.update(name: name)
    switch animation.curve {
    case .linear:
      digest.update(name: "linear")
    case .timingCurve(let x1, let y1, let x2, let y2):
      digest.update(name: "timingCurve")
      write("x1", x1, to: digest)
      write("y1", y1, to: digest)
      write("x2", x2, to: digest)
      write("y2", y2, to: digest)
    case .spring(let response, let dampingFraction):
      digest.update(name: "spring")
      write("response", response, to: digest)
      write("dampingFraction", dampingFraction, to: digest)
    }
    if let duration = animation.duration {
      write("duration", duration, to: digest)
    } else {
      digest.update(name: "duration.none")
    }
  }

  /// The name, then the value counted (``SHA256Digest/update(counted:)``).
  package static func write(_ name: StaticString, _ value: String, to digest: SHA256Digest) {
    digest.update(name: name)
    digest.update(counted: value)
  }

  /// A number by its bits: every distinct value (−0 and 0 too) writes a distinct field.
  package static func write(_ name: StaticString, _ value: Double, to digest: SHA256Digest) {
    digest.update(name: name)
    digest.update(integer: value.bitPattern)
  }

  package static func write(_ name: StaticString, _ value: Int, to digest: SHA256Digest) {
    digest.update(name: name)
    digest.update(integer: UInt64(bitPattern: Int64(value)))
  }

  package static func write(_ name: StaticString, _ value: Bool, to digest: SHA256Digest) {
    write(name, value ? 1 : 0, to: digest)
  }

  // A name made at run time (a variant axis's key) writes the same bytes as the literal would.

  static func write(field name: String, _ value: String, to digest: SHA256Digest) {
    digest.update(field: name)
    digest.update(counted: value)
  }

  static func write(field name: String, _ value: Double, to digest: SHA256Digest) {
    digest.update(field: name)
    digest.update(integer: value.bitPattern)
  }

  static func write(field name: String, _ value: Int, to digest: SHA256Digest) {
    digest.update(field: name)
    digest.update(integer: UInt64(bitPattern: Int64(value)))
  }
}
