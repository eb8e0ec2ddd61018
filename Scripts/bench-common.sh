# Sourced by the benchmarks (bench-incremental.sh, bench-fleet.sh, bench-floor.sh): the bench
# manifest and a real nginx with WebDAV on loopback as the shared cache, written once here so
# the benchmarks measure the same manifest and the same server.

# The bench manifest on standard output: bench_items items (2,500 unless set) of 6-40 random
# words each (seeded: the same manifest every time), 2 states each. $1: how many texts get
# " (edited)" appended (spread evenly: every tenth of the manifest's first item, then the next
# ones), $2: "alone" keeps only those.
bench_items=${bench_items:-2500}
manifest() {
  python3 - "$1" "${2:-}" "$bench_items" <<'PY'
import json, random, sys
random.seed(22)
words = "the quick brown fox jumps over a lazy dog while coffee cools slowly on the table".split()
edited = int(sys.argv[1])
alone = sys.argv[2] == "alone"
count = int(sys.argv[3])
stride = max(1, count // 10)
items = []
for i in range(count):
    text = " ".join(random.choice(words) for _ in range(random.randint(6, 40)))
    changed = i % stride == 0 and i // stride < edited
    if changed: text += " (edited)"
    if changed or not alone: items.append({"name": f"item{i:04}", "text": text})
print(json.dumps({"defaults": {"width": 320, "scale": 2, "lineLimit": 2}, "items": items}))
PY
}

# start_nginx FOLDER: nginx with WebDAV PUT on a free loopback port, serving FOLDER/root (kept
# between starts, so a restart serves what was uploaded before); sets `cache` to its URL and
# `nginx_pid`. stop_nginx kills it (as a cache that goes away would). The caller's EXIT trap
# should call stop_nginx.
nginx_pid=""
nginx_port=""
start_nginx() {
  local folder=$1 nginx
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  [[ -x $nginx ]] || { echo "${0##*/}: nginx is not installed (Scripts/setup.sh --test-tools)" >&2; exit 2; }
  if [[ -z $nginx_port ]]; then
    nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  fi
  mkdir -p "$folder/root" "$folder/temp"
  cat > "$folder/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $folder/nginx.pid;
error_log $folder/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $folder/temp; proxy_temp_path $folder/temp;
  fastcgi_temp_path $folder/temp; uwsgi_temp_path $folder/temp; scgi_temp_path $folder/temp;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:$nginx_port;
    root $folder/root;
    location / { dav_methods PUT; create_full_put_path on; }
  }
}
CONF
  "$nginx" -p "$folder" -c "$folder/nginx.conf" -e "$folder/error.log" &
  nginx_pid=$!
  for _ in $(seq 100); do (echo > "/dev/tcp/127.0.0.1/$nginx_port") 2>/dev/null && break; sleep 0.1; done
  cache="http://127.0.0.1:$nginx_port/ep"
}
stop_nginx() {
  if [[ -n $nginx_pid ]]; then
    kill -9 "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=""
  fi
}
