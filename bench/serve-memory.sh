#!/usr/bin/env bash
# Memory of a long-running `cordon serve`: resident set size (and live heap after a full GC)
# after 1,000 decisions and after 100,000, every request a different command line; and the
# round trip of each `POST /v1/decide` over one keep-alive connection, the first 1,000 counted apart.
# Usage: bench/serve-memory.sh [TOTAL] — after `mvn package`; uses target/cordon and the bench jar.
set -euo pipefail
total=${1:-100000}
first=1000
root=$(cd "$(dirname "$0")/.." && pwd)
cordon="${CORDON_DIST:-$root/target/cordon}/bin/cordon"
bench_cp="$root/target/cordon-bench/cordon-bench-0.1.0-SNAPSHOT.jar:$root/target/cordon-bench/lib/*"
work=$(mktemp -d)
export HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
mkdir -p "$HOME" "$work/project"
server_file="$XDG_STATE_HOME/cordon/serve.json"

"$cordon" serve >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 240); do [ -s "$server_file" ] && break; sleep 0.25; done
[ -s "$server_file" ] || { echo "serve did not start:"; cat "$work/serve.log"; exit 1; }

java_home=$(dirname "$(dirname "$(readlink -f "/proc/$pid/exe")")")
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
live() {
  "$java_home/bin/jcmd" "$pid" GC.run >/dev/null
  "$java_home/bin/jcmd" "$pid" GC.heap_info | awk '/ total .* used / {
      for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?$/, "", v); kib += v } }
    END { printf "%d MiB", kib / 1024 }'
}
load() { java -cp "$bench_cp" dev.cordon.bench.ServeLoad "$server_file" "$work/project" "$1" "$2"; }

load 0 "$first"
rss1=$(rss); live1=$(live); rss1_after_gc=$(rss)
start=$(date +%s)
load "$first" "$total"
end=$(date +%s)
rss2=$(rss); live2=$(live); rss2_after_gc=$(rss)
echo "java: $("$java_home/bin/java" -version 2>&1 | head -1)"
echo "after $first decisions:  RSS $((rss1 / 1024)) MiB; after a full GC: RSS $((rss1_after_gc / 1024)) MiB, live heap $live1"
echo "after $total decisions: RSS $((rss2 / 1024)) MiB; after a full GC: RSS $((rss2_after_gc / 1024)) MiB, live heap $live2"
echo "RSS growth: $(( (rss2 - rss1) * 100 / rss1 ))% ($((total - first)) decisions in $((end - start)) s)"
