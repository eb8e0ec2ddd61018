#!/usr/bin/env bash
# ThreadSanitizer over the renderer's tests that render on many threads at once, the bounded part
# of Scripts/tsan.sh that `Scripts/test.sh --long` runs: OpenFacesTests (the stress command's work
# and system-font renders on eight threads sharing one font set and its open faces) and
# DeterminismTests (renders under concurrentPerform). Built with `--sanitize=thread` from the
# scratch package of Scripts/subset-package.sh into .build/tsan-renderer. The worker pool, the
# render queue and the CLI's batches (over an hour) stay in Scripts/tsan.sh. Every report goes to
# a file under .build/tsan-renderer/reports; the script fails if there is one, or if a test
# fails. Arguments go to `swift test` instead of the filter below.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source Scripts/subset-package.sh
write_subset_package || exit
scratch="$root/.build/tsan-renderer"
reports="$scratch/reports"
rm -rf "$reports"
mkdir -p "$reports"
# GLib 2.74's slice allocator hands freed Pango attributes from one thread's magazine to another
# through a futex lock the sanitizer cannot see, so their reuse would read as a race; with
# always-malloc every slice is a malloc and free, which it intercepts.
export G_SLICE=always-malloc
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 log_path=$reports/tsan suppressions=$root/Scripts/tsan-suppressions.txt"

cd "$subset_package" || exit
build=(--sanitize=thread --scratch-path "$scratch")
swift build --build-tests "${build[@]}" || exit
if [ "$#" -eq 0 ]; then set -- --filter 'OpenFacesTests|DeterminismTests'; fi
status=0
swift test --skip-build "${build[@]}" "$@" || status=$?

found=0
for file in "$reports"/tsan.*; do
  grep -q 'WARNING: ThreadSanitizer' "$file" 2>/dev/null || continue
  found=$((found + 1))
  echo "tsan-renderer: $file: $(grep -m1 -o 'WARNING: ThreadSanitizer: .*' "$file")"
done
echo "tsan-renderer: $found report file(s) under $reports; swift test exit $status"
[ "$found" -eq 0 ] && [ "$status" -eq 0 ]
