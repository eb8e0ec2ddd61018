#!/usr/bin/env bash
# The per-push optimized pass (Scripts/test.sh): the test targets where Swift lends memory to C
# libraries, built with optimization and run. Optimization shortens object lifetimes, so a C
# library reading memory Swift already freed can pass in debug and fail here (the PNG decoder
# did). The targets:
#   ExpandablePreviewTests        libpng and the APNG writer and reader, Cairo surfaces (PNG,
#                                 SVG, PDF), Pango layouts and font faces, cmark-gfm, renders on
#                                 several threads
#   ExpandablePreviewGoldenTests  the image diff, the golden store's PNG reading and writing
# `swift test -c release --filter` would first build every target and test target optimized
# (the CLI, the workbench and their tests are most of that time), so this builds a scratch
# package, .build/release-subset/package, that holds these test targets and what they depend
# on, no more: its manifest is written from `swift package dump-package`, and its folders are
# links to this checkout's, so the sources compiled are this checkout's.
# The brute-force reference suites are left to the debug run: they test the truncation's
# search, which optimization does not change, and are most of the renderer tests' time.
# Arguments go to `swift test` (for example --filter NAME).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
package=.build/release-subset/package
keep=(ExpandablePreviewTests ExpandablePreviewGoldenTests)
skip='TruncationReferenceTests|PaintedFormsTruncationTests|MarkdownTruncationReferenceTests'
skip+='|BoundedPrefixReferenceTests|LongParagraphTests|PixelmatchReferenceTests'

mkdir -p "$package"
for entry in "$root"/* "$root"/.swift-format; do
  name=$(basename "$entry")
  [ "$name" = Package.swift ] || ln -sfn "$entry" "$package/$name"
done
swift package dump-package | python3 -c '
import json, sys
manifest = json.load(sys.stdin)
targets = {target["name"]: target for target in manifest["targets"]}
wanted, queue = set(), list(sys.argv[1:])
while queue:
    name = queue.pop()
    if name in wanted:
        continue
    if name not in targets:
        sys.exit(f"release-subset: no target named {name} in Package.swift")
    wanted.add(name)
    for dependency in targets[name]["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind not in ("byName", "target"):
            sys.exit(f"release-subset: {name} depends on a product of another package")
        queue.append(value[0])
kinds = {"system": "systemLibrary", "regular": "target", "test": "testTarget"}
lines = ["// swift-tools-version:" + manifest["toolsVersion"]["_version"],
         "// Written by Scripts/release-subset.sh from the package manifest.",
         "import PackageDescription", "",
         "let package = Package(name: " + json.dumps(manifest["name"] + "ReleaseSubset")
         + ", targets: ["]
for target in manifest["targets"]:
    name = target["name"]
    if name not in wanted:
        continue
    if target["type"] not in kinds or target.get("settings") or target.get("resources"):
        sys.exit(f"release-subset: target {name} has a kind or settings this script does not copy")
    arguments = ["name: " + json.dumps(name)]
    names = [next(iter(d.values()))[0] for d in target["dependencies"]]
    if names:
        arguments.append("dependencies: " + json.dumps(names))
    if target.get("path"):
        arguments.append("path: " + json.dumps(target["path"]))
    if target.get("exclude"):
        arguments.append("exclude: " + json.dumps(target["exclude"]))
    if target.get("pkgConfig"):
        arguments.append("pkgConfig: " + json.dumps(target["pkgConfig"]))
    lines.append("  ." + kinds[target["type"]] + "(" + ", ".join(arguments) + "),")
lines.append("])")
print("\n".join(lines))
' "${keep[@]}" >"$package/Package.swift.new"
# An unchanged manifest keeps the scratch build incremental.
if cmp -s "$package/Package.swift.new" "$package/Package.swift"; then
  rm "$package/Package.swift.new"
else
  mv "$package/Package.swift.new" "$package/Package.swift"
fi

cd "$package"
swift build --build-tests -c release -Xswiftc -enable-testing
swift test --skip-build -c release -Xswiftc -enable-testing --skip "$skip" "$@"
