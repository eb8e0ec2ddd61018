#!/usr/bin/env bash
# The playground's edit-to-pixels latency in one command: p50/p95 over 200 edits of a
# 650-character text at scale 2, from the page's Performance measure "edit-to-pixels" (the
# keystroke → new pictures drawn on their canvases), where the time went (server, trip, page), and
# `uptime` before and after. Builds the optimized binary unless EXPANDABLE_PREVIEW names one,
# and sets up Playwright (Scripts/setup-python.sh) when it is missing. Arguments go to
# Tests/Browser/bench_workbench_latency.py (--edits N, --outside, --views single,both: by default
# the single view, then light and dark side by side; --vs OTHER_BUILD --rounds N: another build
# run in turn with this one, a table of every run at the end). Results and how to read them:
# Documentation/Performance.md, "Workbench latency".
set -euo pipefail
cd "$(dirname "$0")/.."
python=.build/python-venv/bin/python3
if ! [ -x "$python" ] || ! "$python" -c 'import playwright.sync_api' 2>/dev/null; then
  bash Scripts/setup-python.sh
fi
if [ -z "${EXPANDABLE_PREVIEW:-}" ]; then
  swift build -c release --product expandable-preview
  EXPANDABLE_PREVIEW=.build/release/expandable-preview
fi
echo "uptime before: $(uptime)"
EXPANDABLE_PREVIEW="$EXPANDABLE_PREVIEW" "$python" Tests/Browser/bench_workbench_latency.py "$@"
echo "uptime after: $(uptime)"
