#!/usr/bin/env bash
# The floor benchmark: what runs with little to do cost, side by side with what the same
# outputs cost other tools, in one run, on the bench manifest (Scripts/bench-common.sh: 2,500
# items × 2 states: 5,000 PNGs, 2,500 layout.json, index.html; --items N for another size):
#   - ninja's no-op over the same outputs (a generated build.ninja, one edge per file, each
#     depending on the manifest), `cp -r` and `tar -x` of the finished folder, and the edited
#     items rendered alone into an empty folder (one, then ten);
#   - this tool's no-op (nothing changed), one text edited, ten texts edited, and a runner fed
#     by the shared cache into an empty folder (nginx with WebDAV on loopback, when installed).
# Each is run RUNS times, interleaved; the table gives medians of CPU (user + sys), wall and
# peak RSS, the system calls of one more run of each under `strace -c -f` (when strace is
# installed), and each run of this tool against its floor (the issue's goals, #43): the no-op
# against ninja's no-op, an edit against ninja's no-op plus the edited items rendered alone,
# the cache-fed runner against `cp -r`. It ends with how long it took (at 25,000 items the
# setup's renders take minutes).
#   Scripts/bench-floor.sh [--items N] [TOOL] [RUNS] [JOBS]
# TOOL is the release build (.build/release/expandable-preview, built when missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
positional=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --items) bench_items=$2; shift 2 ;;
    --items=*) bench_items=${1#--items=}; shift ;;
    *) positional+=("$1"); shift ;;
  esac
done
if [[ -z ${positional[0]:-} && ! -x .build/release/expandable-preview ]]; then
  swift build -c release --product expandable-preview
fi
tool=$(realpath "${positional[0]:-.build/release/expandable-preview}")
runs=${positional[1]:-5}
jobs=${positional[2]:-$(nproc)}
source "$here/bench-common.sh" # manifest, start_nginx, stop_nginx
command -v ninja >/dev/null || { echo "bench-floor.sh: ninja is not installed (Scripts/setup.sh --test-tools)" >&2; exit 2; }
began=$SECONDS
work=$(mktemp -d)
# The user's kept font hashes (DigestStore) in the bench's own folder: the first render fills it,
# as a runner machine's earlier runs would, and the user's own cache is left alone.
export EXPANDABLE_PREVIEW_HASH_CACHE=$work/hash-cache
trap 'stop_nginx; rm -rf "$work"' EXIT
cd "$work"
echo "bench-floor: $bench_items items, $runs runs of each, --jobs $jobs, $tool"

manifest 0 > m.json
manifest 10 > m10.json
manifest 1 > m1.json
manifest 1 alone > alone1.json
manifest 10 alone > alone10.json

render() { "$tool" render "$1" --out "$2" --jobs "$jobs" "${@:3}" >/dev/null; }
render m.json out
# Stamps settle 2 s after a write; the second run records them (as a team's second save would).
sleep 2.1
render m.json out
cp -a out edit1
cp -a out edit10
sleep 2.1
render m.json edit1
render m.json edit10

# ninja over the same outputs: every regular file the run left, each from the manifest.
{
  printf 'rule r\n  command = true\n'
  (cd out && find . -type f ! -name '.*' | sed 's|^\./||' | sort) | while read -r file; do
    printf 'build out/%s: r m.json\n' "${file// /\$ }"
  done
} > build.ninja
outputs=$(grep -c '^build' build.ninja)
ninja -j 8 >/dev/null # the first build logs every output; later ones are no-ops
tar -cf out.tar out

cache=""
if [[ -x $(command -v nginx || echo /usr/sbin/nginx) ]]; then
  start_nginx "$work/nginx"
  render m.json seed --cache "$cache"
fi

# One case: its name, a preparation (untimed), the command timed.
names=(ninja cp tar alone1 alone10 noop edit1 edit10)
declare -A prepare=(
  [ninja]=":" [cp]="rm -rf copy" [tar]="rm -rf untar && mkdir untar" [noop]=":"
  [alone1]="rm -rf alone1" [alone10]="rm -rf alone10"
  [edit1]="render m.json edit1" [edit10]="render m.json edit10"
)
declare -A timed=(
  [ninja]="ninja" [cp]="cp -r out copy" [tar]="tar -xf out.tar -C untar"
  [alone1]="$tool render alone1.json --out alone1 --jobs $jobs"
  [alone10]="$tool render alone10.json --out alone10 --jobs $jobs"
  [noop]="$tool render m.json --out out --jobs $jobs"
  [edit1]="$tool render m1.json --out edit1 --jobs $jobs"
  [edit10]="$tool render m10.json --out edit10 --jobs $jobs"
)
declare -A label=(
  [ninja]="ninja's no-op over the same $outputs outputs" [cp]="cp -r of the finished folder"
  [tar]="tar -x of the finished folder" [noop]="this tool: nothing changed (no-op)"
  [alone1]="the edited item alone, empty folder" [alone10]="the ten edited items alone, empty folder"
  [edit1]="this tool: one text edited" [edit10]="this tool: ten texts edited"
  [fed]="this tool: cache-fed runner, empty folder"
)
if [[ -n $cache ]]; then
  names+=(fed)
  prepare[fed]="rm -rf fed"
  timed[fed]="$tool render m.json --out fed --jobs $jobs --cache $cache"
fi

export -f render
export tool jobs
# The child's CPU from its resource usage in microseconds (/usr/bin/time prints hundredths).
cat > measure.py <<'PY'
import os, resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(usage.ru_utime, usage.ru_stime, wall, usage.ru_maxrss)
PY
measured=$SECONDS
echo "before: $(uptime)"
for ((run = 1; run <= runs; run++)); do
  for name in "${names[@]}"; do
    bash -c "${prepare[$name]}"
    # shellcheck disable=SC2086
    python3 measure.py ${timed[$name]} >> "times.$name"
  done
done
declare -A calls
if command -v strace >/dev/null; then
  for name in "${names[@]}"; do
    bash -c "${prepare[$name]}"
    # shellcheck disable=SC2086
    strace -c -f -o strace.out ${timed[$name]} >/dev/null 2>&1 || true
    calls[$name]=$(awk '$NF == "total" {print $(NF - 2)}' strace.out)
  done
fi
echo "after: $(uptime)"

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
declare -A cpu wall rss
for name in "${names[@]}"; do
  cpu[$name]=$(awk '{print $1 + $2}' "times.$name" | median)
  wall[$name]=$(awk '{print $3}' "times.$name" | median)
  rss[$name]=$(awk '{print $4 / 1024}' "times.$name" | median)
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf (b > 0 ? "%.1f×" : "–"), (b > 0 ? a / b : 0)}'; }
# Each run of this tool against its floor (the goal in #43): a label and its CPU and wall.
declare -A floor_label floor_cpu floor_wall
floor() { # $1: run; $2: label; then the floor runs whose medians add up (RUN or RUN*WEIGHT)
  local name=$1 text=$2 part run weight c=0 w=0
  shift 2
  for part in "$@"; do
    run=${part%%\**} weight=1
    [[ $part == *"*"* ]] && weight=${part#*\*}
    c=$(echo "$c + $weight * ${cpu[$run]}" | bc)
    w=$(echo "$w + $weight * ${wall[$run]}" | bc)
  done
  floor_label[$name]=$text floor_cpu[$name]=$c floor_wall[$name]=$w
}
floor noop "ninja's no-op (goal ≤ 1.5×)" ninja
# The issue's edit goal, read as written: "≤ 3× ninja's no-op plus rendering that item alone",
# so the floor is that sum and the goal ≤ 1× of it.
floor edit1 "3× ninja + the item alone (goal ≤ 1×)" 'ninja*3' alone1
floor edit10 "3× ninja + the ten alone" 'ninja*3' alone10
floor fed "cp -r (goal ≤ 1.5×, ≤ 60 MB)" cp
echo
echo "Medians of $runs runs each, interleaved; system calls from one run under strace -c -f."
echo "$bench_items items, $outputs outputs; --jobs $jobs; load before and after above."
echo
echo "| Run | CPU | wall | system calls | per output | peak RSS | floor | CPU × floor | wall × floor |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for name in "${names[@]}"; do
  perfile=$(awk -v c="${calls[$name]:-0}" -v n="$outputs" 'BEGIN {printf (c > 0 ? "%.2f" : "–"), c / n}')
  against=" | | "
  if [[ -n ${floor_label[$name]:-} ]]; then
    against="${floor_label[$name]} | $(ratio "${cpu[$name]}" "${floor_cpu[$name]}") | $(ratio "${wall[$name]}" "${floor_wall[$name]}")"
  fi
  printf '| %s | %.0f ms | %.0f ms | %s | %s | %.0f MB | %s |\n' "${label[$name]}" \
    "$(echo "${cpu[$name]} * 1000" | bc)" "$(echo "${wall[$name]} * 1000" | bc)" \
    "${calls[$name]:-–}" "$perfile" "${rss[$name]}" "$against"
done
if [[ -n $cache ]]; then
  printf '\nThe cache-fed runner against tar -x: CPU %s, wall %s, peak RSS %s.\n' \
    "$(ratio "${cpu[fed]}" "${cpu[tar]}")" "$(ratio "${wall[fed]}" "${wall[tar]}")" \
    "$(ratio "${rss[fed]}" "${rss[tar]}")"
fi
echo
echo "bench-floor: took $((SECONDS - began)) s in all ($((measured - began)) s to render and seed, the rest the timed runs), $bench_items items"
