#!/usr/bin/env bash
# The benchmark at a size: the incremental benchmark's manifest grown to ITEMS items (2 states
# each: 2×ITEMS PNGs, ITEMS layout.json, index.html), in one folder:
#   - a full render's CPU, wall and peak RSS (memory should follow the jobs in flight, not the
#     manifest's size);
#   - the no-op render against ninja's no-op over the same outputs (a generated build.ninja,
#     as bench-floor.sh makes it);
#   - `verify --record all --quiet` (how many lines it prints), then `verify --changed` with
#     nothing changed against ninja's no-op over the goldens.
# Each timed with /usr/bin/time; run it twice or more for a median.
#   Scripts/bench-scale.sh [TOOL] [ITEMS] [JOBS]
set -euo pipefail
tool=$(realpath "${1:-.build/release/expandable-preview}")
items=${2:-25000}
jobs=${3:-$(nproc)}
command -v ninja >/dev/null || { echo "bench-scale.sh: ninja is not installed (apt-get install ninja-build)" >&2; exit 2; }
work=$(mktemp -d)
export EXPANDABLE_PREVIEW_HASH_CACHE=$work/hash-cache
trap 'rm -rf "$work"' EXIT
cd "$work"

# The incremental benchmark's generator (Scripts/bench-incremental.sh), at ITEMS items.
python3 - "$items" > m.json <<'PY'
import json, random, sys
random.seed(22)
words = "the quick brown fox jumps over a lazy dog while coffee cools slowly on the table".split()
items = []
for i in range(int(sys.argv[1])):
    text = " ".join(random.choice(words) for _ in range(random.randint(6, 40)))
    items.append({"name": f"item{i:05}", "text": text})
print(json.dumps({"defaults": {"width": 320, "scale": 2, "lineLimit": 2}, "items": items}))
PY

timed() { # LABEL COMMAND...: one line of user+sys, wall, peak RSS
  local label=$1; shift
  /usr/bin/time -f "%U %S %e %M" -o time.txt "$@" >out.txt 2>err.txt || true
  read -r user sys wall rss < <(tail -1 time.txt) # after "Command exited with …"
  printf '%-34s cpu %6.2f s  wall %6.2f s  peak RSS %5d MB  (%d lines out, %d err)\n' "$label" \
    "$(echo "$user + $sys" | bc)" "$wall" $((rss / 1024)) "$(wc -l < out.txt)" "$(wc -l < err.txt)"
}
ninja_over() { # FOLDER: a build.ninja whose outputs are its files, built once
  rm -rf ninja-"$1" && mkdir ninja-"$1"
  {
    printf 'rule r\n  command = true\n'
    (cd "$1" && find . -type f ! -name '.*' | sed 's|^\./||' | sort) | while read -r file; do
      printf 'build ../%s/%s: r ../m.json\n' "$1" "$file"
    done
  } > ninja-"$1"/build.ninja
  (cd ninja-"$1" && ninja -j 8 >/dev/null)
}

echo "$items items, $jobs jobs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
timed "render (full)" "$tool" render m.json --out out --jobs "$jobs" --quiet
sleep 2.1 # stamps settle 2 s after a write; the second run records them
"$tool" render m.json --out out --jobs "$jobs" --quiet
ninja_over out
timed "ninja no-op over out" ninja -C ninja-out
timed "render no-op" "$tool" render m.json --out out --jobs "$jobs" --quiet
timed "verify --record all --quiet" "$tool" verify m.json --snapshots snap --artifacts art \
  --record all --quiet --jobs "$jobs"
sleep 2.1
"$tool" verify m.json --snapshots snap --artifacts art --changed --quiet --jobs "$jobs"
ninja_over snap
timed "ninja no-op over snap" ninja -C ninja-snap
timed "verify --changed no-op" "$tool" verify m.json --snapshots snap --artifacts art \
  --changed --quiet --jobs "$jobs"
