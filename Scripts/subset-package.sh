# Sourced by Scripts/release-subset.sh and Scripts/asan.sh: the scratch package of the test
# targets where Swift lends memory to C libraries, which both build and run on their own.
#   ExpandablePreviewTests        libpng and the APNG writer and reader, Cairo surfaces (PNG,
#                                 SVG, PDF), Pango layouts and font faces, cmark-gfm, renders on
#                                 several threads
#   ExpandablePreviewGoldenTests  the image diff, the golden store's PNG reading and writing
# `swift test --filter` over the whole package would first build every target and test target
# (the CLI, the workbench and their tests are most of that time), so `write_subset_package`
# writes .build/subset/package, which holds these test targets and what they depend on, no
# more: its manifest is written from `swift package dump-package`, and its folders are links to
# this checkout's, so the sources compiled are this checkout's. Each caller builds it with its
# own configuration into its own scratch folder.
# `subset_skip` names the brute-force reference suites and the pixelmatch comparison: they test
# the truncation's search and the diff's arithmetic, which neither optimization nor a sanitizer
# changes, and are most of the renderer tests' time.
subset_package=.build/subset/package
subset_targets=(ExpandablePreviewTests ExpandablePreviewGoldenTests)
subset_skip='TruncationReferenceTests|PaintedFormsTruncationTests|MarkdownTruncationReferenceTests'
subset_skip+='|BoundedPrefixReferenceTests|LongParagraphTests|PixelmatchReferenceTests'

# Writes the package's manifest and links; run from the checkout's root.
write_subset_package() {
  local root=$PWD package=$subset_package entry name
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
        sys.exit(f"subset-package: no target named {name} in Package.swift")
    wanted.add(name)
    for dependency in targets[name]["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind not in ("byName", "target"):
            sys.exit(f"subset-package: {name} depends on a product of another package")
        queue.append(value[0])
kinds = {"system": "systemLibrary", "regular": "target", "test": "testTarget"}
lines = ["// swift-tools-version:" + manifest["toolsVersion"]["_version"],
         "// Written by Scripts/subset-package.sh from the package manifest.",
         "import PackageDescription", "",
         "let package = Package(name: " + json.dumps(manifest["name"] + "Subset")
         + ", targets: ["]
for target in manifest["targets"]:
    name = target["name"]
    if name not in wanted:
        continue
    if target["type"] not in kinds or target.get("settings") or target.get("resources"):
        sys.exit(f"subset-package: target {name} has a kind or settings this script does not copy")
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
  ' "${subset_targets[@]}" >"$package/Package.swift.new"
  # An unchanged manifest keeps the scratch build incremental.
  if cmp -s "$package/Package.swift.new" "$package/Package.swift"; then
    rm "$package/Package.swift.new"
  else
    mv "$package/Package.swift.new" "$package/Package.swift"
  fi
}
