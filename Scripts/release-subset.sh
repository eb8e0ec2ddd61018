#!/usr/bin/env bash
# The per-push optimized pass (Scripts/test.sh): the test targets where Swift lends memory to C
# libraries (Scripts/subset-package.sh), built with optimization and run. Optimization shortens
# object lifetimes, so a C library reading memory Swift already freed can pass in debug and fail
# here (the PNG decoder did). It builds the scratch package of those targets alone into
# .build/release-subset; `swift test -c release --filter` would first build every target and
# test target optimized. The brute-force reference suites are left to the debug run.
# Arguments go to `swift test` (for example --filter NAME).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source Scripts/subset-package.sh
write_subset_package

cd "$subset_package"
build=(-c release -Xswiftc -enable-testing --scratch-path "$root/.build/release-subset")
swift build --build-tests "${build[@]}"
swift test --skip-build "${build[@]}" --skip "$subset_skip" "$@"
