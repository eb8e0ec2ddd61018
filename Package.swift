// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ExpandablePreview",
  products: [
    .library(name: "ExpandablePreview", targets: ["ExpandablePreview"]),
    .executable(name: "expandable-preview", targets: ["expandable-preview"]),
  ],
  targets: [
    .systemLibrary(
      name: "CPangoCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libdeflate-dev", "libpng-dev"]), .brew(["libdeflate", "libpng"])]
    ),
    .target(
      name: "ExpandablePreview",
      dependencies: ["CPangoCairo", "CPNG"]
    ),
    .executableTarget(
      name: "expandable-preview",
      dependencies: ["ExpandablePreview"]
    ),
    .testTarget(
      name: "ExpandablePreviewTests",
      dependencies: ["ExpandablePreview", "CPangoCairo"]
    ),
  ]
)
