#!/usr/bin/env bash
# The floor benchmark: what runs with little to do cost, side by side with what the same
# outputs cost other tools, in one run, on the incremental benchmark's manifest (2,500 items
# × 2 states: 5,000 PNGs, 2,500 layout.json, index.html):
#   - ninja's no-op over the same outputs (a generated build.ninja, one edge per file, each
#     depending on the manifest), `cp -r` and `tar -x` of the finished folder;
#   - this tool's no-op (nothing changed), one text edited, ten texts edited, and a runner fed
#     by the shared cache into an empty folder (nginx with WebDAV on loopback, when installed).
# Each is run RUNS times, interleaved; the table gives medians of CPU (user + sys), wall and
# peak RSS, each against ninja's no-op (and the cache-fed runner against `cp -r`), and the
# system calls of one more run of each under `strace -c -f` (when strace is installed).
#   Scripts/bench-floor.sh [TOOL] [RUNS] [JOBS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=$(realpath "${1:-.build/release/expandable-preview}")
runs=${2:-5}
jobs=${3:-$(nproc)}
command -v ninja >/dev/null || { echo "bench-floor.sh: ninja is not installed (apt-get install ninja-build)" >&2; exit 2; }
work=$(mktemp -d)
# The user's kept font hashes (DigestStore) in the bench's own folder: the first render fills it,
# as a runner machine's earlier runs would, and the user's own cache is left alone.
export EXPANDABLE_PREVIEW_HASH_CACHE=$work/hash-cache
nginx_pid=""
stop_nginx() { if [[ -n $nginx_pid ]]; then kill -9 "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; nginx_pid=""; fi; }
trap 'stop_nginx; rm -rf "$work"' EXIT
cd "$work"

# The incremental benchmark's manifest generator: its `manifest` function, not the script.
eval "$(sed -n '/^manifest() {/,/^}/p' "$here/bench-incremental.sh")"
manifest 0 > m.json
manifest 10 > m10.json
python3 - <<'PY'
import json
m = json.load(open("m.json"))
m["items"][0]["text"] += " (edited)"
json.dump(m, open("m1.json", "w"))
PY

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
nginx=$(command -v nginx || echo /usr/sbin/nginx)
if [[ -x $nginx ]]; then
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p nginx/root nginx/temp
  cat > nginx/nginx.conf <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/temp; proxy_temp_path $work/nginx/temp;
  fastcgi_temp_path $work/nginx/temp; uwsgi_temp_path $work/nginx/temp; scgi_temp_path $work/nginx/temp;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:$port;
    root $work/nginx/root;
    location / { dav_methods PUT; create_full_put_path on; }
  }
}
CONF
  "$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
  nginx_pid=$!
  for _ in $(seq 100); do (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
  cache="http://127.0.0.1:$port/ep"
  render m.json seed --cache "$cache"
fi

# One case: its name, a preparation (untimed), the command timed.
names=(ninja cp tar noop edit1 edit10)
declare -A prepare=(
  [ninja]=":" [cp]="rm -rf copy" [tar]="rm -rf untar && mkdir untar" [noop]=":"
  [edit1]="render m.json edit1" [edit10]="render m.json edit10"
)
declare -A timed=(
  [ninja]="ninja" [cp]="cp -r out copy" [tar]="tar -xf out.tar -C untar"
  [noop]="$tool render m.json --out out --jobs $jobs"
  [edit1]="$tool render m1.json --out edit1 --jobs $jobs"
  [edit10]="$tool render m10.json --out edit10 --jobs $jobs"
)
declare -A label=(
  [ninja]="ninja's no-op over the same $outputs outputs" [cp]="cp -r of the finished folder"
  [tar]="tar -x of the finished folder" [noop]="this tool: nothing changed (no-op)"
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
echo
echo "Medians of $runs runs each, interleaved; system calls from one run under strace -c -f."
echo
echo "| Run | CPU | × ninja | wall | × ninja | system calls | per output | peak RSS |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for name in "${names[@]}"; do
  perfile=$(awk -v c="${calls[$name]:-0}" -v n="$outputs" 'BEGIN {printf (c > 0 ? "%.2f" : "–"), c / n}')
  printf '| %s | %.0f ms | %s | %.0f ms | %s | %s | %s | %.0f MB |\n' "${label[$name]}" \
    "$(echo "${cpu[$name]} * 1000" | bc)" "$(ratio "${cpu[$name]}" "${cpu[ninja]}")" \
    "$(echo "${wall[$name]} * 1000" | bc)" "$(ratio "${wall[$name]}" "${wall[ninja]}")" \
    "${calls[$name]:-–}" "$perfile" "${rss[$name]}"
done
if [[ -n $cache ]]; then
  printf '\nThe cache-fed runner (peak RSS %.0f MB) against cp -r: CPU %s, wall %s, peak RSS %s; against tar -x: CPU %s, wall %s, peak RSS %s.\n' \
    "${rss[fed]}" \
    "$(ratio "${cpu[fed]}" "${cpu[cp]}")" "$(ratio "${wall[fed]}" "${wall[cp]}")" \
    "$(ratio "${rss[fed]}" "${rss[cp]}")" \
    "$(ratio "${cpu[fed]}" "${cpu[tar]}")" "$(ratio "${wall[fed]}" "${wall[tar]}")" \
    "$(ratio "${rss[fed]}" "${rss[tar]}")"
fi
