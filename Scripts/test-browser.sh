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
EXPANDABLE_PREVIEW="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" \
  "$python" -m unittest discover -s Tests/Browser -p 'test_*.py' "$@"
