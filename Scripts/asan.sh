#!/usr/bin/env bash
# AddressSanitizer over the test targets where Swift lends memory to C libraries (the scratch
# package of Scripts/subset-package.sh), optimized: optimization shortens object lifetimes, and
# ASan turns a C library's read of memory Swift already freed, which the plain optimized pass
# only catches when the freed bytes happen to change, into a report every time. Built with
# `--sanitize=address` into .build/asan, so no other build is touched. Run by
# `Scripts/test.sh --long`; about ten minutes on two cores (Documentation/Architecture.md#ci-tiers).
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
export ASAN_OPTIONS="log_path=$reports/asan detect_leaks=1"
export LSAN_OPTIONS="suppressions=$root/Scripts/lsan-suppressions.txt"

cd "$subset_package" || exit
build=(-c release -Xswiftc -enable-testing --sanitize=address --scratch-path "$root/.build/asan")
swift build --build-tests "${build[@]}" || exit
status=0
swift test --skip-build "${build[@]}" --skip "$subset_skip" "$@" || status=$?

found=0
for file in "$reports"/asan.*; do
  [ -e "$file" ] || continue
  found=$((found + 1))
  echo "asan: $file: $(grep -m1 -o 'ERROR: [A-Za-z]*Sanitizer: .*' "$file" || echo 'a report')"
  grep -m1 '^SUMMARY' "$file" || true
done
echo "asan: $found report file(s) under $reports; swift test exit $status"
[ "$found" -eq 0 ] && [ "$status" -eq 0 ]
