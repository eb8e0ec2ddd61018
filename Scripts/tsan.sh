#!/usr/bin/env bash
# ThreadSanitizer over every path that runs on more than one thread (not part of Scripts/test.sh:
# a sanitized build and these runs take about 15 minutes on two cores). It builds the package with
# `--sanitize=thread` into its own folder (.build/tsan), runs the threaded tests, then the
# sanitized tool itself: `render --jobs 4` (pinned and `--system-fonts`), `verify --jobs 4`
# recording and comparing, `stress` on eight threads, and the workbench's browser tests (the
# render queue's workers, the main loop, the review queue) when Playwright is installed
# (Scripts/setup-python.sh). Every report goes to a file under .build/tsan/reports; the script
# prints how many there are and fails if there is one. Scripts/tsan-suppressions.txt lists
# races inside other libraries only, each saying why it is not ours.
# Arguments go to `swift test` (for example --filter NAME to run fewer tests).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch=.build/tsan
reports="$root/$scratch/reports"
rm -rf "$reports"
mkdir -p "$reports"
# exitcode=0: a report must not turn into a test's failed exit status; reports are counted below.
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 exitcode=0 log_path=$reports/tsan suppressions=$root/Scripts/tsan-suppressions.txt"

swift build --build-tests --sanitize=thread --scratch-path "$scratch"

# The tests that start threads: the batch's worker pool (every CLI test renders with as many
# workers as cores, some with --jobs 2 to 4), concurrent renderers sharing font sets and faces,
# the golden check's fingerprint and font file cache, the workbench's render queue and review.
tests='OpenFacesTests|DeterminismTests|AnimationRenderTests|MarkdownParsingTests|VectorLinkTests|VectorOutputTests|ExpandablePreviewWorkbenchTests|ExpandablePreviewCLIUnitTests|ExpandablePreviewCLITests|ExpandablePreviewGoldenTests|ExpandablePreviewTestingTests'
if [ "$#" -eq 0 ]; then set -- --filter "$tests"; fi
swift test --sanitize=thread --scratch-path "$scratch" --skip-build --no-parallel "$@" ||
  echo "tsan: some tests failed (see above); the reports are counted all the same"

binary="$root/$scratch/debug/expandable-preview"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
manifest="$root/Examples/manifest.json"
(
  cd "$work"
  "$binary" render "$manifest" --out pinned --jobs 4 --quiet
  "$binary" render "$manifest" --out system --jobs 4 --system-fonts --quiet
  # Recording exits 1 ("recorded it, run again to compare"); its list of goldens is not needed.
  status=0
  "$binary" verify "$manifest" --snapshots snapshots --record all --jobs 4 --quiet \
    >record.log 2>&1 || status=$?
  [ "$status" -le 1 ] || { cat record.log; exit "$status"; }
  "$binary" verify "$manifest" --snapshots snapshots --jobs 4 --quiet
  "$binary" stress --components 100 --jobs 8 >/dev/null
)
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
