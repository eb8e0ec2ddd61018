# Sourced by Scripts/test.sh: `stage NAME COMMAND…` runs one step of the checks, prints
# `== stage NAME: 123 s` when it ends, and stops the run at the first step that fails. Every exit
# (success, a failing step, an interruption) prints the table of the steps run so far, so a
# failed CI run still shows where its time went.
#
# `stage_start NAME COMMAND…` starts a step alongside the next ones (one that leaves a core idle:
# an optimized build's one-module-at-a-time stretches beside the browser tests' waiting), its
# output kept in a file; `stage_wait NAME` waits for it, prints its output and its line, and
# stops the run if it failed. Its time in the table is its own start to end, marked "alongside",
# so the stages' times add up to more than the total. A run that ends while one is running
# (a failing stage, an interruption) stops it and prints its output so far.
stage_names=()
stage_seconds=()
stage_results=()
stages_started=$SECONDS
stage_running=""
declare -A stage_pids=() stage_logs=() stage_since=()

stage() {
  local name=$1
  shift
  echo "== stage $name: $*"
  stage_running=$name
  stage_running_since=$SECONDS
  local status=0
  "$@" || status=$?
  local seconds=$((SECONDS - stage_running_since)) result=ok
  stage_running=""
  if [ "$status" -ne 0 ]; then result="FAILED (exit $status)"; fi
  stage_names+=("$name")
  stage_seconds+=("$seconds")
  stage_results+=("$result")
  if [ "$status" -eq 0 ]; then
    echo "== stage $name: $seconds s"
  else
    echo "== stage $name: $seconds s, $result"
    exit "$status"
  fi
}

stage_start() {
  local name=$1
  shift
  echo "== stage $name (alongside the next stages): $*"
  stage_logs[$name]=$(mktemp)
  stage_since[$name]=$SECONDS
  # Its own process group, so stopping it stops the builds and tests it started.
  setsid bash -c '"$@"; status=$?; echo $SECONDS >"$0.end"; exit $status' \
    "${stage_logs[$name]}" "$@" >"${stage_logs[$name]}" 2>&1 </dev/null &
  stage_pids[$name]=$!
}

stage_wait() {
  local name=$1 status=0 result=ok
  wait "${stage_pids[$name]}" || status=$?
  unset "stage_pids[$name]"
  cat "${stage_logs[$name]}"
  # SECONDS of the child shell counts from its own start.
  local seconds
  seconds=$(cat "${stage_logs[$name]}.end" 2>/dev/null || echo $((SECONDS - stage_since[$name])))
  rm -f "${stage_logs[$name]}" "${stage_logs[$name]}.end"
  if [ "$status" -ne 0 ]; then result="FAILED (exit $status)"; fi
  stage_names+=("$name")
  stage_seconds+=("$seconds")
  stage_results+=("$result, alongside")
  if [ "$status" -eq 0 ]; then
    echo "== stage $name: $seconds s (alongside)"
  else
    echo "== stage $name: $seconds s (alongside), $result"
    exit "$status"
  fi
}

# Stops the steps still running alongside and shows what they printed.
stop_started_stages() {
  local name
  for name in "${!stage_pids[@]}"; do
    kill -- "-${stage_pids[$name]}" 2>/dev/null || true
    wait "${stage_pids[$name]}" 2>/dev/null || true
    echo "== stage $name: stopped; its output so far:"
    cat "${stage_logs[$name]}"
    rm -f "${stage_logs[$name]}" "${stage_logs[$name]}.end"
    stage_names+=("$name")
    stage_seconds+=("$((SECONDS - stage_since[$name]))")
    stage_results+=("INTERRUPTED, alongside")
  done
}

print_stage_times() {
  local status=$?
  stop_started_stages
  if [ -n "$stage_running" ]; then
    # Ended by a signal in the middle of a stage, which can leave $? at 0.
    [ "$status" -ne 0 ] || status=130
    stage_names+=("$stage_running")
    stage_seconds+=("$((SECONDS - stage_running_since))")
    stage_results+=("INTERRUPTED")
  fi
  [ "${#stage_names[@]}" -gt 0 ] || return 0
  echo
  echo "== stage times"
  local index
  for index in "${!stage_names[@]}"; do
    printf '   %-18s %6s s  %s\n' "${stage_names[$index]}" "${stage_seconds[$index]}" \
      "${stage_results[$index]}"
  done
  printf '   %-18s %6s s  %s\n' total "$((SECONDS - stages_started))" \
    "$([ "$status" -eq 0 ] && echo ok || echo "FAILED (exit $status)")"
}
trap print_stage_times EXIT
