#!/usr/bin/env bash
# The playground's edit-to-pixels latency (p50/p95 over 200 edits of a 650-character text, from
# the page's Performance measure "edit-to-pixels"), with the load average before and after:
# Tests/Browser/bench_workbench_latency.py on the optimized build (or EXPANDABLE_PREVIEW).
# Arguments go to the script (--edits N, --outside). Results in Documentation/Performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.build/python-venv/bin/python3
[ -x "$python" ] || { echo "bench-workbench-latency: run Scripts/setup-python.sh first" >&2; exit 2; }
if [ -z "${EXPANDABLE_PREVIEW:-}" ]; then
  swift build -c release --product expandable-preview
  EXPANDABLE_PREVIEW=.build/release/expandable-preview
fi
echo "uptime before: $(uptime)"
EXPANDABLE_PREVIEW="$EXPANDABLE_PREVIEW" "$python" Tests/Browser/bench_workbench_latency.py "$@"
echo "uptime after: $(uptime)"
