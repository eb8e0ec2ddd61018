#!/usr/bin/env bash
# The workbench's browser and security tests (Tests/Browser): `expandable-preview serve` driven
# by Playwright for Python in the system's headless Chromium, and raw HTTP for the paths and
# headers a browser would never send. They use the debug build (.build/debug, which
# `swift test` builds) unless EXPANDABLE_PREVIEW names another binary. Playwright comes from
# Scripts/setup-python.sh, Chromium from Scripts/setup.sh; without them the tests are skipped,
# saying so, except under CI (CI set), where a skipped browser stage would read as a passed one.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.build/python-venv/bin/python3
# Without its tools the stage is skipped on a developer's machine and fails under CI.
skip() {
  # CI as the tool reads it (RecordMode): set, and not empty, 0 or false.
  local ci="${CI:-}"
  ci="${ci,,}"
  if [ -n "$ci" ] && [ "$ci" != 0 ] && [ "$ci" != false ]; then
    echo "test-browser: FAILED: $1 (CI is set, so the browser tests may not be skipped)" >&2
    exit 1
  fi
  echo "test-browser: SKIPPED: $1"
  exit 0
}
if ! [ -x "$python" ] || ! "$python" -c 'import playwright.sync_api, PIL' 2>/dev/null; then
  skip "no Playwright in .build/python-venv (run Scripts/setup-python.sh)"
fi
if ! [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  skip "no Chromium at ${CHROMIUM:-/usr/bin/chromium} (run Scripts/setup.sh)"
fi
binary="${EXPANDABLE_PREVIEW:-.build/debug/expandable-preview}"
[ -x "$binary" ] || swift build --product expandable-preview
EXPANDABLE_PREVIEW="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export EXPANDABLE_PREVIEW python

# Each test file runs in a Python process of its own (its own `serve` on a free port, its own
# Chromium, its own temporary folders), WORKERS at a time: most of a file's time is waiting for
# Chromium and `serve`, so three files at once take about half the time of one after another on
# two cores. The slowest files start first, so the workers end together; files not named here
# (new ones) follow in name order. Arguments go to each file's `unittest` (for example -k NAME).
workers="${EXPANDABLE_PREVIEW_BROWSER_WORKERS:-3}"
slowest=(
  test_workbench_swift_copy.py test_workbench_playground_preview.py test_workbench_playground_names.py
  test_workbench_gallery.py test_workbench_review_groups.py test_workbench_review.py
  test_workbench_layout.py test_workbench_review_reject.py test_workbench_playground_page.py
)
shopt -s nullglob
files=()
for file in "${slowest[@]}"; do [ -f "Tests/Browser/$file" ] && files+=("$file"); done
for path in Tests/Browser/test_*.py; do
  file=$(basename "$path")
  [[ " ${slowest[*]} " == *" $file "* ]] || files+=("$file")
done
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
export logs

# One file: its output kept until it ends (so files running at once do not interleave), then
# printed with its time; its exit status is the file's.
run_file() {
  local file=$1 start=$SECONDS status=0
  shift
  "$python" -m unittest discover -s Tests/Browser -p "$file" "$@" >"$logs/$file" 2>&1 || status=$?
  # 5: no test of the file matched the arguments (-k NAME; Python 3.12 and later).
  [ "$status" -ne 5 ] || status=0
  {
    echo "-- $file: $((SECONDS - start)) s, $([ "$status" -eq 0 ] && echo ok || echo "FAILED (exit $status)")"
    sed 's/^/   /' "$logs/$file"
  } >"$logs/$file.done"
  cat "$logs/$file.done"
  [ "$status" -eq 0 ] || touch "$logs/$file.failed"
  return "$status"
}
export -f run_file
echo "test-browser: ${#files[@]} files, $workers at a time, binary $EXPANDABLE_PREVIEW"
status=0
printf '%s\n' "${files[@]}" | xargs -P "$workers" -I{} bash -c 'run_file "$@"' _ {} "$@" || status=$?
failed=("$logs"/*.failed)
if [ "${#failed[@]}" -gt 0 ] || [ "$status" -ne 0 ]; then
  names=("${failed[@]##*/}")
  echo "test-browser: FAILED: ${names[*]%.failed}" >&2
  exit 1
fi
echo "test-browser: all ${#files[@]} files passed"
