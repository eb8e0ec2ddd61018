#!/usr/bin/env bash
# The project's checks in two tiers (Documentation/Architecture.md#ci-tiers has the stage times).
#
#   bash Scripts/test.sh              per push, under 15 minutes on an idle 2-core machine
#   bash Scripts/test.sh --long       nightly or before a release: full counts, new seeds, the
#                                     whole suite optimized, the workbench's long flow,
#                                     AddressSanitizer, ThreadSanitizer over the renderer's
#                                     threaded tests, a bounded fuzzing run
#   bash Scripts/test.sh --filter X   only those tests, debug then optimized (both tiers)
#
# Per push: lint first (seconds, and the commonest finding); the debug build and its suite, where
# each brute-force reference suite checks a sample of its cases (ReferenceSample.swift: the
# first fifth, from the suites' own seeds, plus the remembered cases; the seed is printed and a
# failure names its replay command); the DocC build (check-docs.sh, from the debug build's
# symbols) and the workbench's browser tests (three files at a time) with a short optimized
# pass alongside them, then the docs' Swift blocks.
# --long adds the key-travel check (Scripts/check-key-travel.sh: two clones, two builds),
# AddressSanitizer over the renderer's and golden library's tests, optimized (Scripts/asan.sh),
# ThreadSanitizer over the renderer's tests that render on eight threads (tsan-renderer.sh),
# and the four libFuzzer targets from their committed corpora, 60 s each with the day's seed
# (Scripts/fuzz.sh; EXPANDABLE_PREVIEW_FUZZ_SECONDS sets the time).
#
# The suite runs in one parallel invocation: no test target relies on process-wide state. A run
# of the tool in process has its own output streams and its own folder for relative paths
# (`runTool(_:streams:environment:directory:)`: task-local values, no `chdir`), and renders with
# the machine's fonts, where Cairo 1.16 can close a FreeType face another thread uses, are
# serialized inside the renderer (SystemFontRenders; Documentation/Robustness.md).
#
# The optimized pass exists because optimization shortens object lifetimes: a C library reading
# memory Swift already freed can pass in debug and fail in release (the PNG decoder did). Per
# push it builds and runs only the renderer's and the golden library's test targets (PNG and
# APNG encoding and decoding, Cairo surfaces and Pango layouts, font faces, cmark-gfm, the image
# diff and the golden store), in a scratch package of those targets alone (subset-package.sh):
# `swift test -c release --filter` would build every target optimized first. --long runs the
# whole suite optimized. Both build into their own folders and leave `swift run -c release`
# untouched.
#
# ThreadSanitizer over everything that starts threads takes over an hour (most of it the CLI
# tests) and is not run here: Scripts/tsan.sh. Neither are the fuzzers' long runs
# (Documentation/Robustness.md#fuzzing).
set -uo pipefail
cd "$(dirname "$0")/.."

long=false
arguments=()
for argument in "$@"; do
  if [ "$argument" = "--long" ]; then long=true; else arguments+=("$argument"); fi
done

# The seed and share of the brute-force reference suites (Tests/…/ReferenceSample.swift). Long
# runs draw new cases every day (the UTC date) unless a seed is given, to replay a failure.
if [ "$long" = true ]; then
  export EXPANDABLE_PREVIEW_REFERENCE_SCALE="${EXPANDABLE_PREVIEW_REFERENCE_SCALE:-1}"
  export EXPANDABLE_PREVIEW_REFERENCE_SEED="${EXPANDABLE_PREVIEW_REFERENCE_SEED:-$(date -u +%Y%m%d)}"
  # The fuzzers draw from the same seed, so one seed replays a whole long run.
  export EXPANDABLE_PREVIEW_FUZZ_SEED="${EXPANDABLE_PREVIEW_FUZZ_SEED:-$EXPANDABLE_PREVIEW_REFERENCE_SEED}"
else
  export EXPANDABLE_PREVIEW_REFERENCE_SCALE="${EXPANDABLE_PREVIEW_REFERENCE_SCALE:-0.2}"
  export EXPANDABLE_PREVIEW_REFERENCE_SEED="${EXPANDABLE_PREVIEW_REFERENCE_SEED:-0}"
fi
replay="EXPANDABLE_PREVIEW_REFERENCE_SEED=$EXPANDABLE_PREVIEW_REFERENCE_SEED"
replay+=" EXPANDABLE_PREVIEW_REFERENCE_SCALE=$EXPANDABLE_PREVIEW_REFERENCE_SCALE"

source Scripts/stages.sh

# The long tier's workbench stages need the test tools; say so now, not after the builds.
if [ "$long" = true ] && ! [ -x .build/python-venv/bin/python3 ]; then
  echo "test.sh --long: no .build/python-venv: run 'bash Scripts/setup.sh --test-tools' first" >&2
  exit 2
fi

# Debug suite: every target in parallel; with arguments, what they pick.
debug_tests() {
  echo "reference suites: seed $EXPANDABLE_PREVIEW_REFERENCE_SEED," \
    "scale $EXPANDABLE_PREVIEW_REFERENCE_SCALE (replay: $replay bash Scripts/test.sh)"
  swift test --skip-build "${arguments[@]}" && return
  local status=$?
  echo "A reference suite's failure replays with: $replay swift test --no-parallel --filter SUITE"
  return $status
}

release=(-c release -Xswiftc -enable-testing)
stage lint swift format lint --strict --recursive Sources Tests Plugins Package.swift
stage debug-build swift build --build-tests
stage debug-tests debug_tests
if [ "$long" = false ] && [ "${#arguments[@]}" -eq 0 ]; then
  # The optimized subset alongside the DocC build and the browser tests: its optimized build
  # compiles one module at a time for long stretches, and the browser tests mostly wait for
  # Chromium and `serve`, so together they take little more than the longer of the two.
  stage_start release-subset bash Scripts/release-subset.sh
fi
stage check-docs bash Scripts/check-docs.sh
if [ "${#arguments[@]}" -eq 0 ]; then stage browser bash Scripts/test-browser.sh; fi
if [ "$long" = true ] || [ "${#arguments[@]}" -gt 0 ]; then
  stage release-build swift build --build-tests "${release[@]}" --scratch-path .build/release-tests
  # In parallel like the debug suite: no test depends on process-wide state.
  stage release-tests swift test --skip-build "${release[@]}" \
    --scratch-path .build/release-tests "${arguments[@]}"
else
  stage_wait release-subset
fi
if [ "$long" = true ]; then
  binary=.build/release-tests/release/expandable-preview
  stage browser-release env EXPANDABLE_PREVIEW="$binary" bash Scripts/test-browser.sh
  stage workbench-latency env EXPANDABLE_PREVIEW="$binary" \
    .build/python-venv/bin/python3 Tests/Browser/bench_workbench_latency.py
  # Two clones of this commit built apart give equal keys (two builds: long tier only).
  stage key-travel bash Scripts/check-key-travel.sh
  stage asan bash Scripts/asan.sh
  stage tsan-renderer bash Scripts/tsan-renderer.sh
  stage fuzz bash Scripts/fuzz.sh
fi
stage snippets bash Scripts/check-snippets.sh
