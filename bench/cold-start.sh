#!/usr/bin/env bash
# Cold start of a one-shot `cordon policy test -- 'rm -r -f /'`, median wall time:
#  - the first run after install: a fresh cache folder each time (no start-up cache, no kept
#    executor probes; the launcher starts training the cache in the background meanwhile);
#  - without the start-up cache (CORDON_AOT=0), probes kept;
#  - with the start-up cache (JDK 25+), probes kept;
#  - the same with a user rule file of five rules beside the built-in ones (compiled from DRL on
#    every run; the start-up cache was trained without it);
#  - `cordon policy verify` of every built-in rule pack's cases, with the start-up cache.
# Usage: bench/cold-start.sh [RUNS] [FIRST_RUNS] — after `mvn package`; uses target/cordon.
set -euo pipefail
runs=${1:-10}
first_runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cordon="${CORDON_DIST:-$root/target/cordon}/bin/cordon"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME" "$work/project"
cd "$work/project"

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

test_args=(policy test -- 'rm -r -f /')

# Wall time in ms of one cordon command line (default: the policy test above).
one_run() {
  local start end
  [ $# -gt 0 ] || set -- "${test_args[@]}"
  start=$(date +%s%N)
  "$cordon" "$@" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

time_runs() {
  for _ in $(seq "$runs"); do one_run "$@"; done | median
}

# Waits for a background training run of the start-up cache to end, so runs do not overlap it.
wait_training() {
  for _ in $(seq 240); do
    ls "$XDG_CACHE_HOME"/cordon/*.lock >/dev/null 2>&1 || return 0
    sleep 0.5
  done
}

echo "java: $(CORDON_AOT=0 "$cordon" --version | sed -n 2p)"
echo "load before: $(uptime)"
for i in $(seq "$first_runs"); do
  export XDG_CACHE_HOME="$work/first-$i"
  one_run
  wait_training
done | { read -r -d '' all || true; echo "first run after install: median $(echo "$all" | median) ms over $first_runs fresh caches ($(echo $all))"; }
export XDG_CACHE_HOME="$work/cache"
"$cordon" policy test -- true >/dev/null 2>&1 || true   # keeps the probes, trains the cache
wait_training
echo "without start-up cache: median $(CORDON_AOT=0 time_runs) ms over $runs runs"
if ls "$XDG_CACHE_HOME"/cordon/*.aot >/dev/null 2>&1; then
  echo "with start-up cache:    median $(time_runs) ms over $runs runs"
  mkdir -p "$HOME/.config/cordon/rules"
  {
    printf 'package team.rules\ndialect "mvel"\nimport dev.cordon.fact.Call\nimport dev.cordon.fact.Command\n'
    printf 'import dev.cordon.fact.Finding\nimport dev.cordon.fact.Gate\n'
    for tool in terraform helm kubectl ansible-playbook pulumi; do
      printf '\nrule "team.no-%s"\nwhen\n    $call : Call( )\n    Command( program == "%s" )\nthen\n' "$tool" "$tool"
      printf '    insert( Finding.ask( kcontext, Gate.DENIED_COMMANDS, $call, "`%s` changes shared infrastructure" ) );\nend\n' "$tool"
    done
  } > "$HOME/.config/cordon/rules/team.drl"
  code=0
  "$cordon" policy test -- terraform apply >/dev/null 2>&1 || code=$?
  [ "$code" = 11 ] || { echo "the user rule file did not decide (exit $code)"; exit 1; }
  echo "same, plus 5 user rules: median $(time_runs) ms over $runs runs"
  rm -r "$HOME/.config/cordon/rules"
  dist="${CORDON_DIST:-$root/target/cordon}"
  echo "policy verify of the built-in cases: median $(time_runs policy verify "$dist"/rules/*.cases.yaml) ms over $runs runs"
else
  echo "with start-up cache:    not available (needs JDK 25 or later)"
fi
echo "load after:  $(uptime)"
