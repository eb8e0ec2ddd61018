#!/usr/bin/env bash
# The fleet benchmark: four runners (separate output folders, one machine) sharing a real nginx
# with WebDAV on loopback as their cache (--cache), on the incremental benchmark's manifest
# (2,500 items × 2 states, 5,000 files). Prints one line per run and a table:
#   - one full local render's CPU (user + sys), no cache;
#   - runner 1 renders into an empty folder with the cache, then runners 2-4 into empty folders:
#     the three together against the full render (goal ≤ 10 %);
#   - ten texts changed, all four runners again: the fleet's total against rendering the ten
#     items alone on one runner (goal within +10 %);
#   - the cache stopped: a run with --cache against a run without, both into empty folders
#     (same files; wall time within one timeout);
#   - the CI recipe's sharded fleet (GoldenTesting.md): four runners each rendering
#     --shard K/4 of the manifest with the cache, first into empty folders, then with ten other
#     texts changed; the ten-changed total against one runner's incremental run of the whole
#     manifest with the same ten changed (no cache, its folder up to date before the edit).
#   Scripts/bench-fleet.sh [TOOL] [JOBS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=$(realpath "${1:-.build/release/expandable-preview}")
jobs=${2:-$(nproc)}
source "$here/bench-common.sh" # manifest, start_nginx, stop_nginx
work=$(mktemp -d)
trap 'stop_nginx; rm -rf "$work"' EXIT
start_nginx "$work/nginx"

declare -A cpu user wall
run() { # $1: label; $2: manifest; $3: output folder; then extra options
  local label=$1 manifest=$2 out=$3 start end
  shift 3
  start=$(date +%s.%N)
  /usr/bin/time -o "$work/cpu" -f '%U %S' \
    "$tool" render "$manifest" --out "$work/$out" --jobs "$jobs" "$@" 2>"$work/stderr" \
    | grep '^Rendered' | cut -c1-70
  end=$(date +%s.%N)
  grep -h '^warning' "$work/stderr" | cut -c1-120 || true
  cpu[$label]=$(awk '{print $1 + $2}' "$work/cpu")
  user[$label]=$(awk '{print $1}' "$work/cpu")
  wall[$label]=$(echo "$end - $start" | bc)
  printf '  %s: %.2f s wall, %.2f s CPU (user %.2f s; load average %s)\n' "$label" "${wall[$label]}" \
    "${cpu[$label]}" "${user[$label]}" "$(cut -d' ' -f1 /proc/loadavg)"
}
sum() { local total=0; for label in "$@"; do total=$(echo "$total + ${cpu[$label]}" | bc); done; echo "$total"; }
# The user CPU alone: system time here is mostly the kernel making 7,500 files, and on this
# machine's ext4 it follows how many files anything deleted in the minutes before.
sum_user() { local total=0; for label in "$@"; do total=$(echo "$total + ${user[$label]}" | bc); done; echo "$total"; }

echo "before: $(uptime)"
manifest 0 > "$work/m.json"
manifest 10 > "$work/m10.json"
manifest 10 alone > "$work/alone.json"
run local "$work/m.json" local
run r1 "$work/m.json" r1 --cache "$cache"
for k in 2 3 4; do run "r$k" "$work/m.json" "r$k" --cache "$cache"; done
for k in 2 3 4; do
  diff -r -x '.expandable-preview-*' "$work/r1" "$work/r$k" >/dev/null || { echo "r$k differs from r1" >&2; exit 1; }
done
for k in 1 2 3 4; do run "c$k" "$work/m10.json" "r$k" --cache "$cache"; done
run alone "$work/alone.json" alone
stop_nginx
run nocache "$work/m.json" nocache
run down "$work/m.json" down --cache "$cache"
diff -r -x '.expandable-preview-*' "$work/nocache" "$work/down" >/dev/null || { echo "the run with the cache down differs" >&2; exit 1; }

# The sharded fleet, against a cache that has the whole manifest (runner 1's jobs) but not
# these ten edits (a suffix no run above used).
sed 's/ (edited)"/ (sharded)"/g' "$work/m10.json" > "$work/m10s.json"
start_nginx "$work/nginx"
run seed "$work/m.json" inc --cache "$cache"
for k in 1 2 3 4; do run "s$k" "$work/m.json" "s$k" --cache "$cache" --shard "$k/4"; done
for k in 1 2 3 4; do run "sc$k" "$work/m10s.json" "s$k" --cache "$cache" --shard "$k/4"; done
run inc "$work/m10s.json" inc
for k in 1 2 3 4; do
  for item in "$work/s$k"/item*; do
    diff -r "$item" "$work/inc/${item##*/}" >/dev/null || { echo "shard $k's ${item##*/} differs" >&2; exit 1; }
  done
done

echo "after: $(uptime)"
after=$(sum r2 r3 r4)
changed=$(sum c1 c2 c3 c4)
shards=$(sum s1 s2 s3 s4)
sharded=$(sum sc1 sc2 sc3 sc4)
echo
echo "| Run | CPU (user + sys) | Against | Goal |"
echo "| --- | --- | --- | --- |"
printf '| One full local render, no cache (5,000 files) | %.2f s | | |\n' "${cpu[local]}"
printf '| Runner 1 with the cache, empty folder (renders, uploads) | %.2f s | %.0f %% of the full render | |\n' "${cpu[r1]}" "$(echo "100 * ${cpu[r1]} / ${cpu[local]}" | bc -l)"
printf '| Runners 2-4, empty folders, nothing changed (fleet total) | %.2f s | %.1f %% of the full render | ≤ 10 %% |\n' "$after" "$(echo "100 * $after / ${cpu[local]}" | bc -l)"
printf '| Runners 2-4, user CPU only (fleet total) | %.2f s | %.1f %% of the full render'"'"'s user CPU (%.2f s) | |\n' "$(sum_user r2 r3 r4)" "$(echo "100 * $(sum_user r2 r3 r4) / ${user[local]}" | bc -l)" "${user[local]}"
printf '| Ten texts changed, runners 1-4 (fleet total) | %.2f s | %+.0f %% against the ten alone | within +10 %% |\n' "$changed" "$(echo "100 * ($changed - ${cpu[alone]}) / ${cpu[alone]}" | bc -l)"
printf '| The ten changed items alone, one runner, empty folder | %.2f s | | |\n' "${cpu[alone]}"
printf '| Cache stopped, empty folder | %.2f s, %.2f s wall | no cache: %.2f s, %.2f s wall | same files; wall within one timeout (10 s) |\n' "${cpu[down]}" "${wall[down]}" "${cpu[nocache]}" "${wall[nocache]}"
printf '| Sharded fleet: runners 1-4, --shard K/4 each, empty folders, fed by the cache (total) | %.2f s | %.1f %% of the full render | |\n' "$shards" "$(echo "100 * $shards / ${cpu[local]}" | bc -l)"
printf '| Sharded fleet, ten other texts changed: runners 1-4, --shard K/4 each (total) | %.2f s | %+.0f %% against one runner'"'"'s incremental run; %+.0f %% against the ten alone | |\n' "$sharded" "$(echo "100 * ($sharded - ${cpu[inc]}) / ${cpu[inc]}" | bc -l)" "$(echo "100 * ($sharded - ${cpu[alone]}) / ${cpu[alone]}" | bc -l)"
printf '| One runner, the whole manifest, the same ten changed, incremental, no cache | %.2f s | %+.0f %% against the ten alone | |\n' "${cpu[inc]}" "$(echo "100 * (${cpu[inc]} - ${cpu[alone]}) / ${cpu[alone]}" | bc -l)"
