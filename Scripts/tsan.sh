#!/usr/bin/env bash
# ThreadSanitizer over every path that runs on more than one thread. Not part of Scripts/test.sh:
# the last run took over an hour on two cores shared with other builds, most of it the CLI
# tests. It builds the package with `--sanitize=thread` into its own folder (.build/tsan), runs
# the threaded tests, then the sanitized tool itself: `render --jobs 4` (pinned and
# `--system-fonts`), `verify --jobs 4` recording and comparing, the developer tool's `stress` on
# eight threads, and the workbench's browser tests (the render queue's workers, the main loop,
# the review queue) when Playwright is installed (Scripts/setup-python.sh). Every report goes to a file under
# .build/tsan/reports; the script prints how many there are and fails if there is one.
# Scripts/tsan-suppressions.txt lists races inside other libraries only, each saying why it is
# not ours.
# Arguments go to `swift test` (for example --filter NAME to run fewer tests).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch=.build/tsan
reports="$root/$scratch/reports"
rm -rf "$reports"
mkdir -p "$reports"
# The default exit code (66) is kept: with exitcode=0 the runtime's own death (under `ulimit -f`
# or `ulimit -v`, which some tests set) would exit 0, and those tests' probes could not tell.
# GLib 2.74's slice allocator passes freed memory between threads under a lock the sanitizer
# cannot see; plain malloc and free it can (Scripts/tsan-renderer.sh).
export G_SLICE=always-malloc
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 log_path=$reports/tsan suppressions=$root/Scripts/tsan-suppressions.txt"

swift build --build-tests --sanitize=thread --scratch-path "$scratch"

# The tests that start threads: the batch's worker pool (every CLI test renders with as many
# workers as cores, some with --jobs 2 to 4), concurrent renderers sharing font sets and faces,
# the golden check's fingerprint and font file cache, the workbench's render queue and review.
tests='OpenFacesTests|DeterminismTests|AnimationRenderTests|MarkdownParsingTests|VectorLinkTests|VectorOutputTests|ExpandablePreviewWorkbenchTests|ExpandablePreviewCLIUnitTests|ExpandablePreviewCLITests|ExpandablePreviewGoldenTests|ExpandablePreviewTestingTests'
if [ "$#" -eq 0 ]; then set -- --filter "$tests"; fi
swift test --sanitize=thread --scratch-path "$scratch" --skip-build --no-parallel "$@" ||
  echo "tsan: some tests failed (see above); the reports are counted all the same"

binary="$root/$scratch/debug/expandable-preview"
developer_binary="$root/$scratch/debug/expandable-preview-dev"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
manifest="$root/Examples/manifest.json"
# Each command's status is shown, not fatal: a report makes it exit 66, and the reports are
# counted below. Recording exits 1 ("recorded it, run again to compare").
tool() {
  local status=0
  (cd "$work" && "$binary" "$@" >>"$work/tool.log" 2>&1) || status=$?
  echo "tsan: expandable-preview $*: exit $status"
}
developer_tool() {
  local status=0
  (cd "$work" && "$developer_binary" "$@" >>"$work/tool.log" 2>&1) || status=$?
  echo "tsan: expandable-preview-dev $*: exit $status"
}
tool render "$manifest" --out pinned --jobs 4 --quiet
tool render "$manifest" --out system --jobs 4 --system-fonts --quiet
tool verify "$manifest" --snapshots snapshots --record all --jobs 4 --quiet
tool verify "$manifest" --snapshots snapshots --jobs 4 --quiet
developer_tool stress --components 100 --jobs 8
EXPANDABLE_PREVIEW="$binary" bash Scripts/test-browser.sh ||
  echo "tsan: some browser tests failed (see above); the reports are counted all the same"

races=0
files=0
for file in "$reports"/tsan.*; do
  [ -e "$file" ] || continue
  files=$((files + 1))
  count=$(grep -c 'WARNING: ThreadSanitizer' "$file" || true)
  races=$((races + count))
  echo "tsan: $file: $count warning(s); $(grep -m1 -o 'ERROR: ThreadSanitizer: .*' "$file" || true)"
done
echo "tsan: $races warning(s) in $files report file(s) under $reports"
[ "$races" -eq 0 ]
