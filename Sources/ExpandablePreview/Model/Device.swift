/// An iOS device in portrait: its width and the margins a standard layout keeps, so that a
/// mockup is made at a real content width instead of a guessed one.
///
/// Widths are the devices' portrait screen widths in points, and scales their pixels per
/// point, as Apple lists them (Human Interface Guidelines, Layout › Specifications). Margins:
/// UIKit's default layout margins, 16 pt a side on iPhones up to the 6.3-inch size and 20 pt on
/// the Plus and Pro Max sizes (and on iPad); on iPad the readable content guide also caps the
/// text at 672 pt wide (at the default Dynamic Type size), so the margins grow to centre it.
/// Apple documents the guides, not these numbers: they are the values UIKit reports on those
/// devices, as widely measured.
public struct Device: Sendable, Hashable {
  /// The device's name, as Apple writes it.
  public var name: String
  /// The portrait screen width in points.
  public var width: Double
  /// The space left and right of the text, in points.
  public var margin: Double
  /// The screen's pixels per point (3 on the iPhones from iPhone 16e up, 2 on iPhone SE and
  /// the iPads): what a mockup of this device is drawn at unless a scale is given. The
  /// workbench's playground takes it; a manifest's `scale` and ``RenderOptions/init(device:scale:appearance:)``
  /// say their own.
  public var scale: Int

  /// The width the text wraps in: the screen less both margins.
  public var contentWidth: Double { width - 2 * margin }

  /// A device with this portrait width and margin, in points, and `scale` pixels a point.
  public init(name: String, width: Double, margin: Double, scale: Int = 3) {
    self.name = name
    self.width = width
    self.margin = margin
    self.scale = scale
  }

  /// The readable content guide's widest line on iPad at the default text size, in points.
  static let readableWidth = 672.0

  private static func iPad(_ name: String, width: Double) -> Device {
    Device(
      name: name, width: width, margin: (width - min(width - 40, readableWidth)) / 2, scale: 2)
  }

  /// The current iPhones and iPads, smallest first within each family.
  public static let all: [Device] = [
    Device(name: "iPhone SE", width: 375, margin: 16, scale: 2),
    Device(name: "iPhone 16e", width: 390, margin: 16),
    Device(name: "iPhone 16", width: 393, margin: 16),
    Device(name: "iPhone 16 Pro", width: 402, margin: 16),
    Device(name: "iPhone 16 Plus", width: 430, margin: 20),
    Device(name: "iPhone 16 Pro Max", width: 440, margin: 20),
    iPad("iPad mini", width: 744),
    iPad("iPad", width: 820),
    iPad("iPad Air 11-inch", width: 820),
    iPad("iPad Pro 11-inch", width: 834),
    iPad("iPad Air 13-inch", width: 1024),
    iPad("iPad Pro 13-inch", width: 1032),
  ]

  /// The device called `name` (as in ``all``), if any.
  public static func named(_ name: String) -> Device? {
    all.first { $0.name == name }
  }

  /// The name as a file name part: spaces become hyphens (`iPhone-16-Pro-Max`).
  public var fileNamePart: String {
    String(name.map { $0 == " " ? "-" : $0 })
  }
}

extension RenderOptions {
  /// Options for `device` in portrait: its width, and its margins as leading and trailing
  /// padding; the other values as ``init(width:scale:appearance:dynamicType:padding:background:state:framesPerSecond:language:)``.
  public init(device: Device, scale: Int = 3, appearance: Appearance = .light) {
    self.init(
      width: device.width, scale: scale, appearance: appearance,
      padding: EdgeInsets(top: 0, leading: device.margin, bottom: 0, trailing: device.margin))
  }

  /// These options on `device`: its width and its margins as leading and trailing padding.
  public mutating func apply(_ device: Device) {
    width = device.width
    padding.leading = device.margin
    padding.trailing = device.margin
  }
}
