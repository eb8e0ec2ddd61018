#!/usr/bin/env bash
# The incremental render benchmark: a manifest of 2,500 items × 2 states (5,000 files) rendered
# into an empty folder, then again with 10 texts changed. Prints each run's wall time and the
# tool's summary line. Usage: Scripts/bench-incremental.sh [TOOL] [JOBS]
set -euo pipefail
tool=${1:-.build/release/expandable-preview}
jobs=${2:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
manifest() { # $1: how many texts get " (edited)" appended
  python3 - "$1" <<'PY'
import json, random, sys
random.seed(22)
words = "the quick brown fox jumps over a lazy dog while coffee cools slowly on the table".split()
edited = int(sys.argv[1])
items = []
for i in range(2500):
    text = " ".join(random.choice(words) for _ in range(random.randint(6, 40)))
    if i % 250 == 0 and i // 250 < edited: text += " (edited)"
    items.append({"name": f"item{i:04}", "text": text})
print(json.dumps({"defaults": {"width": 320, "scale": 2, "lineLimit": 2}, "items": items}))
PY
}
manifest 0 > "$work/m.json"
start=$(date +%s.%N)
"$tool" render "$work/m.json" --out "$work/out" --jobs "$jobs" | grep '^Rendered'
first=$(echo "$(date +%s.%N) - $start" | bc)
manifest 10 > "$work/m.json"
start=$(date +%s.%N)
"$tool" render "$work/m.json" --out "$work/out" --jobs "$jobs" | grep '^Rendered'
second=$(echo "$(date +%s.%N) - $start" | bc)
echo "first run: ${first} s; second run (10 texts changed): ${second} s"
