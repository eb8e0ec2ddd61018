#!/usr/bin/env bash
# Keys that travel: two clones of one commit at different paths, each built on its own, must
# give every job the same key (render records) and the font set the same key (font-check
# records); then a renderer source edited in one clone and rebuilt incrementally must change
# every key. Two builds from scratch: the long tier runs it (Scripts/test.sh --long).
#
#   bash Scripts/check-key-travel.sh [COMMIT]     (default: HEAD; uncommitted edits are not seen)
#
# Prints the keys' count and the renderer identity's first digits; exits 1 when keys differ.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
commit=$(git rev-parse "${1:-HEAD}")
work=$(mktemp -d "${TMPDIR:-/tmp}/key-travel.XXXXXX")
# SwiftPM leaves a lock file per build folder in TMPDIR, named after the folder's path.
trap 'rm -rf "$work" "${TMPDIR:-/tmp}/$(echo "$work" | tr / _)"_*.lock' EXIT

# The two clones differ in every path: their folders, their depth, their build folders.
first="$work/laptop/expandable-preview"
second="$work/ci/runner-7/_work/checkout"
for clone in "$first" "$second"; do
  git clone --quiet --shared --no-checkout "$repository" "$clone"
  git -C "$clone" checkout --quiet --detach "$commit"
done

build_and_render() { # CLONE OUT
  (cd "$1" && swift build --product expandable-preview >"$work/build.log" 2>&1) ||
    { tail -40 "$work/build.log"; return 1; }
  "$1/.build/debug/expandable-preview" render "$1/Examples/manifest.json" --out "$2" --quiet
}

# Each job's key, and the font set's key, one per line, sorted.
keys() { # OUT
  python3 - "$1" <<'PYTHON'
import json, sys
folder = sys.argv[1]
render = json.load(open(folder + "/.expandable-preview-render.json"))
for job, entry in sorted(render["jobs"].items()):
    print("job", job, entry[0])
fonts = json.load(open(folder + "/.expandable-preview-font-check.json"))
print("font-set", fonts["builtSet"])
for item, entry in sorted(fonts["items"].items()):
    print("font-check", item, entry["key"] if isinstance(entry, dict) else entry[0])
PYTHON
} # (printed in Python's order; `comm` below needs the C locale's)

echo "key travel: commit $commit"
build_and_render "$first" "$work/out-first"
build_and_render "$second" "$work/out-second"
keys "$work/out-first" | LC_ALL=C sort >"$work/keys-first"
keys "$work/out-second" | LC_ALL=C sort >"$work/keys-second"
count=$(wc -l <"$work/keys-first")
identity=$(grep -ho 'renderer = "[0-9a-f]*"' -r "$first/.build/plugins/outputs" | head -1)
echo "key travel: $count keys, $identity"
if ! diff "$work/keys-first" "$work/keys-second"; then
  echo "key travel: FAILED, two clones of $commit made different keys (diff above)"
  exit 1
fi
echo "key travel: the two clones made the same $count keys"

# One renderer source edited (a comment: the same pixels, another source): every key changes.
echo "// key travel: an edit" >>"$second/Sources/ExpandablePreview/Model/Device.swift"
build_and_render "$second" "$work/out-edited"
keys "$work/out-edited" | LC_ALL=C sort >"$work/keys-edited"
same=$(LC_ALL=C comm -12 "$work/keys-first" "$work/keys-edited" | wc -l)
if [ "$same" -ne 0 ]; then
  echo "key travel: FAILED, $same of $count keys unchanged after a renderer source was edited"
  exit 1
fi
echo "key travel: after editing a renderer source and an incremental build, all $count keys differ"
