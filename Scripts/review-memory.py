#!/usr/bin/env python3
# Starts `serve --snapshots`, waits for the review's first run to end, prints its state's
# counts and the process's peak RSS (VmHWM).
import json, re, subprocess, sys, time, urllib.request
binary, folder = sys.argv[1], sys.argv[2]
p = subprocess.Popen([binary, "serve", f"{folder}/manifest.json", "--snapshots", f"{folder}/snapshots",
                      "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = p.stdout.readline()
url = re.search(r"(http://[^ ]+)", line).group(1).strip()
base, token = url.split("?")[0].rstrip("/"), url.split("token=")[1]
start = time.time()
def hwm():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmHWM"): return l.split()[1]
while True:
    time.sleep(1)
    try:
        state = json.load(urllib.request.urlopen(f"{base}/review/state?token={token}"))
    except Exception as e:
        continue
    if not state["running"] and state["checked"] > 0 or state.get("problem"):
        break
    if time.time() - start > 1500: break
print(f"checked={state['checked']} failing={state['failing']} problem={state.get('problem')} seconds={time.time()-start:.0f} VmHWM={hwm()} kB")
withheld = sum(1 for i in state["items"] if "not kept" in i["summary"])
print("withheld", withheld, "images", sum(len(i["images"]) for i in state["items"]))
p.terminate(); p.wait()
