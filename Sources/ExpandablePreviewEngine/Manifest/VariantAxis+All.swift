import ExpandablePreview

extension VariantAxis {
  /// Every axis, in the order of their parts in a file name, their fields in a job key and in
  /// layout.json's `variant` (the matrix varies the last fastest).
  static let all: [VariantAxis] = [
    .choice(
      "appearance", variant: \.appearance, matrix: \.appearance, axes: \.appearance,
      single: \.appearance),
    .choice(
      "dynamicType", variant: \.dynamicType, matrix: \.dynamicType, axes: \.dynamicType,
      single: \.dynamicType),
    .choice(
      "legibilityWeight", variant: \.legibilityWeight, matrix: \.legibilityWeight,
      axes: \.legibilityWeight, single: \.legibilityWeight, omitted: .regular),
    .choice(
      "colorSchemeContrast", variant: \.colorSchemeContrast, matrix: \.colorSchemeContrast,
      axes: \.colorSchemeContrast, single: \.colorSchemeContrast, omitted: .standard),
    // No device is a value of its own: the matrix's only one when the manifest lists none.
    .axis(
      "device", variant: \.device, matrix: \.device, axes: \.device,
      values: [nil] + Device.all.map { $0 }, single: { _ in nil },
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
      }, record: { $0?.name }, flagText: { $0?.name }),
    .axis(
      "width", variant: \.width, matrix: \.width, axes: \.width,
      values: [320, 327.5], single: \.width, read: ValueReader.width,
      part: { "w" + FileName.number($0) },
      parse: { part in
        guard part.hasPrefix("w"), let width = Double(part.dropFirst()),
          FileName.number(width) == part.dropFirst()
        else { return nil }
        return width
      },
      writeKey: { name, width, digest in KeyFields.write(field: name, width, to: digest) },
      record: { $0 }, flagText: { FileName.number($0) }),
    // The scale is named by the `@Nx` suffix, not a part.
    .axis(
      "scale", variant: \.scale, matrix: \.scale, axes: \.scale,
      values: Array(RenderLimits.scales), single: \.scale, read: ValueReader.scale,
      part: { _ in nil }, parse: { _ in nil },
      writeKey: { name, scale, digest in KeyFields.write(field: name, scale, to: digest) },
      record: { $0 }, flagText: { String($0) }),
  ]

  /// The axes' keys, in ``all``'s order.
  static let keys = all.map(\.key)
}
