#!/usr/bin/env bash
# A bounded run of the four libFuzzer targets (Documentation/Robustness.md#fuzzing), each from
# its committed corpus under Tests/Fuzz: layout, manifest, render-record, layout-record. Run by
# `Scripts/test.sh --long`; the fuzzers' long runs (600 s each) stay by hand.
#   EXPANDABLE_PREVIEW_FUZZ_SECONDS  each target's time after its corpus is replayed (60)
#   EXPANDABLE_PREVIEW_FUZZ_SEED     libFuzzer's -seed (the UTC date; --long passes its seed)
#   EXPANDABLE_PREVIEW_FUZZ_TARGETS  the targets to run, separated by spaces (all four)
# The developer tool (expandable-preview-dev, which holds the fuzz targets) is built with the
# fuzzer into .build-fuzz. The compiler flags come from a toolset
# (Scripts/fuzz-toolset.json), not -Xswiftc: -Xswiftc reaches the build plugin's tool
# (renderer-identity) too, which cannot link with libFuzzer's main, while a toolset only reaches
# the products. New inputs, crashing inputs and the targets' own temporary files go to a folder
# under $TMPDIR, never into Tests/Fuzz; it is removed when nothing was found and kept, with the
# command that replays the input in an ordinary build, when something was.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
seconds="${EXPANDABLE_PREVIEW_FUZZ_SECONDS:-60}"
seed="${EXPANDABLE_PREVIEW_FUZZ_SEED:-$(date -u +%Y%m%d)}"
read -r -a targets <<<"${EXPANDABLE_PREVIEW_FUZZ_TARGETS:-layout manifest render-record layout-record}"

swift build -c release --product expandable-preview-dev --scratch-path .build-fuzz \
  --toolset "$root/Scripts/fuzz-toolset.json" || exit
binary="$root/.build-fuzz/release/expandable-preview-dev"

# Each target's options, as in Documentation/Robustness.md#fuzzing; a unit that runs longer than
# -timeout is a hang (the slowest seen, a layout input under a load of 18, took 18 s).
options() {
  case $1 in
    layout) echo "-max_len=2048" ;;
    manifest) echo "-dict=$root/Tests/Fuzz/manifest.dict" ;;
    render-record) echo "-max_len=4096 -dict=$root/Tests/Fuzz/records.dict" ;;
    layout-record) echo "-max_len=8192 -dict=$root/Tests/Fuzz/records.dict" ;;
    *) echo "fuzz: unknown target '$1' (layout, manifest, render-record, layout-record)" >&2
       return 1 ;;
  esac
}

work="$(mktemp -d "${TMPDIR:-/tmp}/expandable-preview-fuzz.XXXXXX")"
echo "fuzz: seed $seed, $seconds s per target after its corpus; work folder $work"
failed=0
for target in "${targets[@]}"; do
  target_options=$(options "$target") || exit
  mkdir -p "$work/$target/new" "$work/$target/tmp"
  status=0
  # shellcheck disable=SC2086  # the options are separate words
  (cd "$work/$target" && SWIFT_BACKTRACE=enable=no EXPANDABLE_PREVIEW_FUZZ="$target" \
    TMPDIR="$work/$target/tmp" "$binary" -seed="$seed" -max_total_time="$seconds" \
    -timeout=120 -artifact_prefix="$work/$target/" $target_options \
    new "$root/Tests/Fuzz/$target-corpus" >log 2>&1) || status=$?
  # -seed=0 lets libFuzzer draw one; the log names the seed used either way.
  grep -m1 -o 'Seed: [0-9]*' "$work/$target/log" | sed "s/^/fuzz: $target: /"
  grep -m1 'INITED' "$work/$target/log" | sed "s/^#[0-9]*[[:space:]]*/fuzz: $target: /"
  grep -E '^Done [0-9]+ runs' "$work/$target/log" | sed "s/^/fuzz: $target: /"
  found=("$work/$target"/crash-* "$work/$target"/leak-* "$work/$target"/timeout-* \
    "$work/$target"/oom-*)
  artifacts=()
  for file in "${found[@]}"; do [ -e "$file" ] && artifacts+=("$file"); done
  if [ "$status" -ne 0 ] || [ "${#artifacts[@]}" -gt 0 ]; then
    failed=$((failed + 1))
    echo "fuzz: $target FAILED (libFuzzer exit $status); from $work/$target/log:"
    grep -E 'Fatal error|ERROR: libFuzzer|SUMMARY: libFuzzer|==ERROR' "$work/$target/log" |
      head -n 5 | sed 's/^/  | /'
    tail -n 6 "$work/$target/log" | sed 's/^/  | /'
    for file in "${artifacts[@]}"; do
      echo "fuzz: $target: the input: $file"
      echo "fuzz: replay it: swift build --product expandable-preview-dev &&" \
        ".build/debug/expandable-preview-dev fuzz-replay --target $target '$file'"
    done
  fi
done
if [ "$failed" -gt 0 ]; then
  echo "fuzz: $failed target(s) failed; inputs and logs kept in $work"
  exit 1
fi
rm -rf "$work"
echo "fuzz: no crash, no broken check, no timeout in ${#targets[@]} target(s)"
