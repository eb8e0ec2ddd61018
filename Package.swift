// swift-tools-version:6.0
import PackageDescription

// The targets and their arrows (Documentation/Architecture.md draws them):
//   ExpandablePreview (renderer) ← ExpandablePreviewGolden ← ExpandablePreviewEngine
//   ExpandablePreviewEngine ← ExpandablePreviewTesting     (assertSnapshot; the engine's store)
//   ExpandablePreviewEngine ← ExpandablePreviewCLI        ← expandable-preview
//   ExpandablePreviewEngine ← ExpandablePreviewWorkbench  ↗
//   ExpandablePreviewCLI ← ExpandablePreviewDevTools ← expandable-preview-dev (bench, stress,
//   fuzz-replay; with ExpandablePreviewFuzzing, which the user's binary does not link)
// The renderer knows nothing of goldens, reports or the command line; the engine (manifest,
// plan, jobs, records, verify, review) knows no face; the two faces, the CLI and the
// workbench, never import each other, and only the executable wires them. Under them all,
// ExpandablePreviewSupport (package access only): file-system safety, text escaping, clocks.
let package = Package(
  name: "ExpandablePreview",
  products: [
    .library(name: "ExpandablePreview", targets: ["ExpandablePreview"]),
    .library(name: "ExpandablePreviewGolden", targets: ["ExpandablePreviewGolden"]),
    .library(name: "ExpandablePreviewTesting", targets: ["ExpandablePreviewTesting"]),
    .library(name: "ExpandablePreviewEngine", targets: ["ExpandablePreviewEngine"]),
    .executable(name: "expandable-preview", targets: ["expandable-preview"]),
    // The developers' tool: bench, stress, fuzz-replay (and the fuzzers, built with FUZZING).
    .executable(name: "expandable-preview-dev", targets: ["expandable-preview-dev"]),
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
    .systemLibrary(
      name: "CSoup",
      pkgConfig: "libsoup-3.0",
      providers: [.apt(["libsoup-3.0-dev"]), .brew(["libsoup"])]
    ),
    // OpenSSL's libcrypto: SHA-256 (Support's SHA256Digest), nothing else.
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .systemLibrary(
      name: "CCmarkGFM",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
    ),
    // What several targets need and users don't: folder handles, atomic files, folder locks and
    // the system's reasons; XML escaping and terminal-safe text; the thread CPU clock; SHA-256
    // (libcrypto) and the one file-hash cache. Its API is `package` only, and it depends on no
    // other target of ours but the C module.
    .target(name: "ExpandablePreviewSupport", dependencies: ["CCrypto"]),
    // The renderer: model, Markdown (cmark-gfm), layout (Pango), drawing (Cairo), images and PNG.
    .target(
      name: "ExpandablePreview",
      dependencies: ["CPangoCairo", "CPNG", "CCmarkGFM", "ExpandablePreviewSupport"]
    ),
    // Golden testing: image diff, golden store and record modes, fingerprint, reports.
    .target(
      name: "ExpandablePreviewGolden",
      dependencies: ["ExpandablePreview", "ExpandablePreviewSupport"]
    ),
    // assertSnapshot for XCTest and Swift Testing, on the engine (its golden store setting).
    .target(
      name: "ExpandablePreviewTesting",
      dependencies: [
        "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewEngine",
        "ExpandablePreviewSupport",
      ]
    ),
    // The layout fuzz target's input decoding and invariants, shared by the fuzzer and the tests.
    .target(
      name: "ExpandablePreviewFuzzing",
      dependencies: ["ExpandablePreview"]
    ),
    // The engine every face stands on: manifest reading, the settings table and variant axes,
    // the plan, the job renderer and its workers, incremental records, the shared cache's
    // client (libsoup), verify and review.
    .target(
      name: "ExpandablePreviewEngine",
      dependencies: [
        "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewSupport", "CSoup",
      ],
      plugins: ["RendererIdentityPlugin"]
    ),
    // The renderer identity job keys carry: at build time, the plugin lists the sources that
    // decide a job's bytes and a golden's verdict (IdentitySources.swift) and the tool hashes
    // them with the compiler's version into the engine's RendererIdentity.swift.
    .plugin(
      name: "RendererIdentityPlugin", capability: .buildTool(), dependencies: ["renderer-identity"]
    ),
    .executableTarget(name: "renderer-identity", dependencies: ["ExpandablePreviewSupport"]),
    // A face: every command, its options, usage and completions.
    .target(
      name: "ExpandablePreviewCLI",
      dependencies: [
        "ExpandablePreviewEngine", "ExpandablePreview", "ExpandablePreviewGolden",
        "ExpandablePreviewSupport",
      ]
    ),
    // The developers' commands (bench, stress, fuzz-replay, the libFuzzer targets) on the
    // CLI's option tables and dispatch; no user's binary links them.
    .target(
      name: "ExpandablePreviewDevTools",
      dependencies: [
        "ExpandablePreviewCLI", "ExpandablePreviewEngine", "ExpandablePreview",
        "ExpandablePreviewGolden", "ExpandablePreviewFuzzing", "ExpandablePreviewSupport",
      ]
    ),
    // A face: `serve`, the live workbench, a libsoup 3 HTTP and WebSocket server on a GLib main
    // loop thread; renders through the engine's settings table and job renderer.
    .target(
      name: "ExpandablePreviewWorkbench",
      dependencies: [
        "ExpandablePreviewEngine", "ExpandablePreview", "ExpandablePreviewGolden",
        "ExpandablePreviewSupport", "CSoup",
      ],
      resources: [.copy("Pages")]
    ),
    .executableTarget(
      name: "expandable-preview",
      dependencies: ["ExpandablePreviewCLI", "ExpandablePreviewWorkbench"]
    ),
    .executableTarget(name: "expandable-preview-dev", dependencies: ["ExpandablePreviewDevTools"]),
    // Images, texts and folders the test targets share.
    .target(
      name: "TestSupport",
      dependencies: ["ExpandablePreview", "CPangoCairo"],
      path: "Tests/TestSupport"
    ),
    // The renderer, SVG and PDF output included; the diff engine compares a rasterized SVG with
    // the PNG.
    .testTarget(
      name: "ExpandablePreviewTests",
      dependencies: [
        "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewFuzzing", "TestSupport",
        "CPangoCairo",
      ]
    ),
    .testTarget(
      name: "ExpandablePreviewGoldenTests",
      dependencies: [
        "ExpandablePreviewGolden", "ExpandablePreview", "ExpandablePreviewFuzzing", "TestSupport",
      ]
    ),
    .testTarget(
      name: "ExpandablePreviewTestingTests",
      dependencies: [
        "ExpandablePreviewTesting", "ExpandablePreviewGolden", "ExpandablePreview", "TestSupport",
      ]
    ),
    // The engine's parts, in process: JSON reading and writing, the settings table's items,
    // job lists, shards, keys, the job renderer.
    .testTarget(
      name: "ExpandablePreviewEngineTests",
      dependencies: [
        "ExpandablePreviewEngine", "ExpandablePreviewGolden", "ExpandablePreview",
        "ExpandablePreviewSupport", "ExpandablePreviewFuzzing", "TestSupport",
      ]
    ),
    // The CLI library's parts, in process: arguments, option tables, help; the developer
    // commands' option tables too.
    .testTarget(
      name: "ExpandablePreviewCLIUnitTests",
      dependencies: [
        "ExpandablePreviewCLI", "ExpandablePreviewDevTools", "ExpandablePreviewEngine",
        "ExpandablePreviewGolden", "ExpandablePreview", "ExpandablePreviewFuzzing", "TestSupport",
      ]
    ),
    // The workbench's parts in process: the access gate, served paths, the render queue, the
    // review's approve and undo. The CLI only to run `verify` beside the review and to read
    // `serve`'s options.
    .testTarget(
      name: "ExpandablePreviewWorkbenchTests",
      dependencies: [
        "ExpandablePreviewWorkbench", "ExpandablePreviewEngine", "ExpandablePreview",
        "ExpandablePreviewGolden", "ExpandablePreviewSupport", "ExpandablePreviewCLI",
      ]
    ),
    // Support's SHA-256 against a plain Swift reference and FIPS 180-4's vectors; the file-hash
    // cache's reads and staleness rule.
    .testTarget(
      name: "ExpandablePreviewSupportTests",
      dependencies: ["ExpandablePreviewSupport", "ExpandablePreviewFuzzing"]),
    // The renderer identity's hashing: moved checkouts agree, a changed source differs.
    .testTarget(name: "RendererIdentityTests", dependencies: ["renderer-identity"]),
    // README.md and Documentation/: links resolve, the README stays short.
    .testTarget(name: "DocumentationTests"),
    // The tools' commands end to end: in process through `runTool` where no process of its
    // own is needed, else the built executables (signals, pipes, resource limits, a child's
    // environment, two processes at once); the dependencies make `swift test` build them. The
    // renderer library reads the animated PNGs the tool writes; the test library is the third
    // face the faces-agree tests run beside the command line and the engine's API.
    .testTarget(
      name: "ExpandablePreviewCLITests",
      dependencies: [
        "expandable-preview", "expandable-preview-dev", "ExpandablePreviewCLI",
        "ExpandablePreviewDevTools", "ExpandablePreviewEngine", "ExpandablePreview",
        "ExpandablePreviewFuzzing", "ExpandablePreviewTesting",
      ]
    ),
  ]
)
