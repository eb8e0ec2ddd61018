import ExpandablePreview
import Foundation

/// A job's options and variant written into its key field by field: describing them through
/// reflection (`String(reflecting:)`) was the largest cost of an unchanged run. Every stored
/// field is written with its name; `JobKeyTests` lists the fields by `Mirror` and fails when
/// one is added here without being written.
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
    // A color's storage is the library's own; its description is short.
    write("background", options.background.map { String(reflecting: $0) } ?? "none", to: digest)
    write("state", options.state.rawValue, to: digest)
    write("framesPerSecond", String(options.framesPerSecond), to: digest)
    write("language", options.language, to: digest)
    write("legibilityWeight", options.legibilityWeight.rawValue, to: digest)
    write("colorSchemeContrast", options.colorSchemeContrast.rawValue, to: digest)
    write("accessibilityReduceMotion", options.accessibilityReduceMotion ? "1" : "0", to: digest)
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

  /// The name, then the value's length in UTF-8 bytes and the value: no value can run into
  /// the next field, whatever characters it holds.
  private static func write(_ name: String, _ value: String, to digest: SHA256Digest) {
    digest.update(field: name)
    digest.update(field: "\(value.utf8.count):\(value)")
  }

  /// A number by its bits: every distinct value (−0 and 0 too) writes a distinct field.
  private static func write(_ name: String, _ value: Double, to digest: SHA256Digest) {
    write(name, String(value.bitPattern, radix: 16), to: digest)
  }
}
