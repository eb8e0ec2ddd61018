import ExpandablePreview

extension VariantAxis {
  /// Every axis, in the order of their parts in a file name, their fields in a job key and in
  /// layout.json's `variant` (the matrix varies the last fastest).
  static let all: [VariantAxis] = [
    .choice(appearance, option: \.appearance),
    .choice(dynamicType, option: \.dynamicType),
    .choice(
      AxisField("legibilityWeight", \.legibilityWeight), option: \.legibilityWeight,
      omitted: .regular),
    .choice(
      AxisField("colorSchemeContrast", \.colorSchemeContrast), option: \.colorSchemeContrast,
      omitted: .standard),
    // No device is a value of its own: the matrix's only one when the manifest lists none.
    // The device is no render option: it sets the width and the margins, unless the item
    // gives them.
    .axis(
      device, .single(nil), values: [Device?.none] + Device.all.map { $0 },
      adjust: Device.adjust,
      read: { reader in { node throws(ManifestError) in try reader.device(node) } },
      part: { $0?.fileNamePart },
      parse: { part -> Device?? in
        // Spelled out: a `Device?` returned as is would read as the value "no device".
        guard let device = Device.all.first(where: { $0.fileNamePart == part }) else {
          return .none
        }
        return .some(device)
      },
      // The device's fields under literal names: no string is made per job.
      writeKey: { _, device, digest in
        if let device {
          KeyFields.write("device.name", device.name, to: digest)
          KeyFields.write("device.width", device.width, to: digest)
          KeyFields.write("device.margin", device.margin, to: digest)
        } else {
          digest.update(name: "device.none")
        }
      }, record: { $0?.name }, flagText: { $0?.name }, partHelp: "spaces as hyphens"),
    .axis(
      width, .option(\.width), values: [320, 327.5],
      read: ValueReader.width,
      part: { "w" + FileName.number($0) },
      parse: { part in
        guard part.hasPrefix("w"), let width = Double(part.dropFirst()),
          FileName.number(width) == part.dropFirst()
        else { return nil }
        return width
      },
      writeKey: { name, width, digest in KeyFields.write(field: name, width, to: digest) },
      record: { $0 }, flagText: { FileName.number($0) }, partHelp: "w<points>"),
    // The scale is named by the `@Nx` suffix, not a part.
    .axis(
      scale, .option(\.scale), values: Array(RenderLimits.scales),
      read: ValueReader.scale,
      part: { _ in nil }, parse: { _ in nil },
      writeKey: { name, scale, digest in KeyFields.write(field: name, scale, to: digest) },
      record: { $0 }, flagText: { String($0) }, partHelp: nil),
  ]

  /// The axes' keys, in ``all``'s order.
  static let keys = all.map(\.key)

  // The axes the rest of the engine reads by name, typed.
  static let appearance = AxisField("appearance", \.appearance)
  static let dynamicType = AxisField("dynamicType", \.dynamicType)
  static let device = AxisField("device", \.device)
  static let width = AxisField("width", \.width)
  static let scale = AxisField("scale", \.scale)
}

/// The axes as `render --help` lists them, written from their declaration.
package enum VariantAxisHelp {
  /// `appearance, dynamicType, …, scale`: the keys of a `variants` object.
  package static var keys: String { VariantAxis.keys.joined(separator: ", ") }

  /// `appearance, …, device (spaces as hyphens), width (w<points>)`: the axes with a part in
  /// a file name, in the order of their parts, each with how it is written when not as is.
  package static var fileNameParts: String {
    VariantAxis.all.compactMap { axis in
      axis.partHelp.map { $0.isEmpty ? axis.key : "\(axis.key) (\($0))" }
    }.joined(separator: ", ")
  }
}

extension Device {
  /// Sets the width and the margins of the device (if any) that `item` does not give.
  @Sendable fileprivate static func adjust(
    _ device: Device?, _ options: inout RenderOptions, _ item: ManifestItem
  ) -> Bool {
    guard let device else { return false }
    if !item.hasExplicitWidth { options.width = device.width }
    if !item.hasExplicitPadding {
      options.padding.leading = device.margin
      options.padding.trailing = device.margin
    }
    return true
  }
}
