#!/usr/bin/env bash
# The workbench's browser and security tests (Tests/Browser): `expandable-preview serve` driven
# by Playwright for Python in the system's headless Chromium, and raw HTTP for the paths and
# headers a browser would never send. They use the debug build (.build/debug, which
# `swift test` builds) unless EXPANDABLE_PREVIEW names another binary. Playwright comes from
# Scripts/setup-python.sh, Chromium from Scripts/setup.sh; without them the tests are skipped,
# saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.build/python-venv/bin/python3
if ! [ -x "$python" ] || ! "$python" -c 'import playwright.sync_api, PIL' 2>/dev/null; then
  echo "test-browser: SKIPPED: no Playwright in .build/python-venv (run Scripts/setup-python.sh)"
  exit 0
fi
if ! [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "test-browser: SKIPPED: no Chromium at ${CHROMIUM:-/usr/bin/chromium} (run Scripts/setup.sh)"
  exit 0
fi
binary="${EXPANDABLE_PREVIEW:-.build/debug/expandable-preview}"
[ -x "$binary" ] || swift build --product expandable-preview
EXPANDABLE_PREVIEW="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" \
  "$python" -m unittest discover -s Tests/Browser -p 'test_*.py' "$@"
