#!/bin/bash
# Usage: Scripts/workbench-snapshot-requests.sh BINARY — 200 GETs of a 638-byte PNG below /snapshots/: mean time, VmHWM
FOLDER=$(mktemp -d); trap 'rm -rf "$FOLDER"' EXIT
mkdir -p "$FOLDER/item" && head -c 638 /dev/urandom > "$FOLDER/item/a.png"
B=$1
$B serve --port 0 --snapshots "$FOLDER" > "$FOLDER"/m17.out 2>&1 &
PID=$!
sleep 2
URL=$(grep -o 'http://[^ ]*' "$FOLDER"/m17.out | head -1)
PORT=$(echo $URL | sed 's|http://127.0.0.1:\([0-9]*\)/.*|\1|'); TOKEN=${URL##*token=}
grep VmHWM /proc/$PID/status
for i in $(seq 200); do echo "url = \"http://127.0.0.1:$PORT/snapshots/item/a.png?token=$TOKEN\""; echo "output = /dev/null"; done > "$FOLDER"/m17.curl
/usr/bin/time -f "200 requests: %e s" curl -s -K "$FOLDER"/m17.curl -w "%{http_code} " | tr ' ' '\n' | sort | uniq -c
grep VmHWM /proc/$PID/status
kill -INT $PID; wait $PID
