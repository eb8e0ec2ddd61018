# Sourced by Scripts/test.sh: `stage NAME COMMAND…` runs one step of the checks, prints
# `== stage NAME: 123 s` when it ends, and stops the run at the first step that fails. Every exit
# (success, a failing step, an interruption) prints the table of the steps run so far, so a
# failed CI run still shows where its time went.
stage_names=()
stage_seconds=()
stage_results=()
stages_started=$SECONDS
stage_running=""

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

print_stage_times() {
  local status=$?
  if [ -n "$stage_running" ]; then
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
