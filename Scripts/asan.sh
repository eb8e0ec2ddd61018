#!/usr/bin/env bash
# AddressSanitizer over the test targets where Swift lends memory to C libraries (the scratch
# package of Scripts/subset-package.sh), optimized: optimization shortens object lifetimes, and
# ASan turns a C library's read of memory Swift already freed, which the plain optimized pass
# only catches when the freed bytes happen to change, into a report every time. Built with
# `--sanitize=address` into .build/asan, so no other build is touched. Run by
# `Scripts/test.sh --long`: about 4 minutes with its build, 1 without (Architecture.md#ci-tiers).
# LeakSanitizer runs too, with Scripts/lsan-suppressions.txt (other libraries' memory kept until
# exit). Every report goes to a file under .build/asan/reports; the script fails if there is one,
# or if a test fails. Arguments go to `swift test` (for example --filter NAME).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source Scripts/subset-package.sh
write_subset_package || exit
reports="$root/.build/asan/reports"
rm -rf "$reports"
mkdir -p "$reports"
asan_options="log_path=$reports/asan detect_leaks=1"
export LSAN_OPTIONS="suppressions=$root/Scripts/lsan-suppressions.txt"

cd "$subset_package" || exit
build=(-c release -Xswiftc -enable-testing --sanitize=address --scratch-path "$root/.build/asan")
swift build --build-tests "${build[@]}" || exit
# The tests that write SVG meet Cairo's own leak inside its destroy and finish calls (the
# suppressions file says why it is not ours). Its suppressions name those Cairo functions, which
# a leak's stack reaches only with the slow unwinder (Cairo has no frame pointers): seven times
# slower over every test, so only the suites in files that mention SVG run with it (a suite
# named otherwise than its file fails the first pass with a one-frame Cairo stack: add it here).
svg=$(grep -rli svg "${subset_targets[@]/#/Tests/}" | xargs -n1 basename | sed 's/\.swift$//' |
  sort | paste -sd'|')
slow="fast_unwind_on_malloc=0"
status=0
if [ "$#" -gt 0 ]; then
  ASAN_OPTIONS="$asan_options $slow" swift test --skip-build "${build[@]}" \
    --skip "$subset_skip" "$@" || status=$?
elif [ -z "$svg" ]; then
  ASAN_OPTIONS="$asan_options" swift test --skip-build "${build[@]}" \
    --skip "$subset_skip" || status=$?
else
  ASAN_OPTIONS="$asan_options" swift test --skip-build "${build[@]}" \
    --skip "$subset_skip|$svg" || status=$?
  ASAN_OPTIONS="$asan_options $slow" swift test --skip-build "${build[@]}" \
    --filter "$svg" --skip "$subset_skip" || status=$?
fi

# A file holding only the suppressions' tally is not a report; one with an ERROR line is.
found=0
for file in "$reports"/asan.*; do
  grep -q 'ERROR: [A-Za-z]*Sanitizer' "$file" 2>/dev/null || continue
  found=$((found + 1))
  echo "asan: $file: $(grep -m1 -o 'ERROR: [A-Za-z]*Sanitizer: .*' "$file")"
  grep -m1 '^SUMMARY' "$file" || true
done
echo "asan: $found report file(s) under $reports; swift test exit $status"
[ "$found" -eq 0 ] && [ "$status" -eq 0 ]
