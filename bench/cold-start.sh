#!/usr/bin/env bash
# Cold start of a one-shot `cordon policy test`: median wall time of N runs without the start-up
# cache (CORDON_AOT=0) and with it (JDK 25+ only; the first run has it created in the background
# and is not counted).
# Usage: bench/cold-start.sh [RUNS] — after `mvn package`; uses target/cordon.
set -euo pipefail
runs=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
cordon="${CORDON_DIST:-$root/target/cordon}/bin/cordon"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME" "$work/project"
cd "$work/project"

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

time_runs() {
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$cordon" policy test -- 'rm -r -f /' >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done | median
}

echo "java: $(CORDON_AOT=0 "$cordon" --version | sed -n 2p)"
echo "without start-up cache: median $(CORDON_AOT=0 time_runs) ms over $runs runs"
"$cordon" policy test -- true >/dev/null 2>&1 || true   # starts creating the cache in the background
for _ in $(seq 120); do
  ls "$XDG_CACHE_HOME"/cordon/*.aot >/dev/null 2>&1 && break
  sleep 0.5
done
if ls "$XDG_CACHE_HOME"/cordon/*.aot >/dev/null 2>&1; then
  echo "with start-up cache:    median $(time_runs) ms over $runs runs"
else
  echo "with start-up cache:    not available (needs JDK 25 or later)"
fi
