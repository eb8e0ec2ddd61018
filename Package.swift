// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ExpandablePreview",
  products: [
    .library(name: "ExpandablePreview", targets: ["ExpandablePreview"]),
    .library(name: "ExpandablePreviewTesting", targets: ["ExpandablePreviewTesting"]),
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
    .target(
      name: "ExpandablePreviewTesting",
      dependencies: ["ExpandablePreview"]
    ),
    .executableTarget(
      name: "expandable-preview",
      dependencies: ["ExpandablePreview", "ExpandablePreviewFuzzing"]
    ),
    .target(
      name: "ExpandablePreviewFuzzing",
      dependencies: ["ExpandablePreview"]
    ),
    .testTarget(
      name: "ExpandablePreviewTests",
      dependencies: [
        "ExpandablePreview", "ExpandablePreviewFuzzing", "ExpandablePreviewTesting", "CPangoCairo",
      ]
    ),
    // End-to-end tests run the built executable; the dependency makes `swift test` build it.
    .testTarget(
      name: "ExpandablePreviewCLITests",
      dependencies: ["expandable-preview"]
    ),
    .testTarget(
      name: "ExpandablePreviewTestingTests",
      dependencies: ["ExpandablePreviewTesting", "ExpandablePreview"]
    ),
  ]
)
