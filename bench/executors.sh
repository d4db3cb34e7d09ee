#!/usr/bin/env bash
# Median wall time of `true` started bare (ProcessBuilder) and through each executor, in a warm
# JVM. Usage: bench/executors.sh [iterations] [executor-id...]   (e.g. bench/executors.sh 500 landlock)
# Build output goes to a private folder so the bench does not disturb other builds of the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${CORDON_BENCH_OUT:-$(mktemp -d)}"
modules=plugins/testkit,plugins/local,plugins/landlock,plugins/bwrap
mvn -B -q -Dcordon.out="$out" -DskipTests -pl "$modules" -am package >/dev/null
# JNA is provided by the host at run time; here it comes from the local Maven repository.
jna_version="$(sed -n 's:.*<jna.version>\(.*\)</jna.version>.*:\1:p' pom.xml)"
classpath="${MAVEN_REPO:-$HOME/.m2/repository}/net/java/dev/jna/jna/$jna_version/jna-$jna_version.jar"
for module in cordon-executor-testkit cordon-executor-local cordon-executor-landlock cordon-executor-bwrap \
              cordon-executor-support cordon-linux cordon-executor-spi; do
  for jar in "$out/$module"/*.jar; do
    [ -e "$jar" ] && classpath="$classpath:$jar"
  done
done

java ${BENCH_JAVA_OPTS:-} -cp "$classpath" dev.cordon.executor.testkit.ExecutorBench "$@" | tee "$out/bench.txt"

# --- bwrap: plain `bwrap ... true` from the shell, the baseline of the bwrap executor ------------
# The same isolation the executor gives `true` in the Java bench above: every namespace, no
# capabilities, read-only system roots, the workspace read-write, a masked ~/.ssh, fresh /dev and
# /proc, private /tmp and /dev/shm, a read-only root. Target: the executor's median within 1.2x.
bwrap_wanted=yes
if [ $# -gt 1 ]; then
  bwrap_wanted=no
  for id in "${@:2}"; do [ "$id" = bwrap ] && bwrap_wanted=yes; done
fi
if [ "$bwrap_wanted" = yes ] && command -v bwrap >/dev/null; then
  runs="${1:-500}"
  dir="$(mktemp -d)"
  mkdir -p "$dir/workspace" "$dir/home/.ssh" "$dir/tmp"
  plain=(--unshare-all --unshare-user --disable-userns --cap-drop ALL --die-with-parent --as-pid-1
         --new-session --hostname cordon --clearenv --setenv PATH /usr/bin:/bin --setenv HOME "$dir/home")
  for root in /usr /etc; do plain+=(--ro-bind "$root" "$root"); done
  plain+=(--dev /dev --proc /proc --ro-bind /dev/null /proc/keys --ro-bind /dev/null /proc/key-users
          --perms 1777 --size 536870912 --tmpfs /tmp --perms 1777 --size 536870912 --tmpfs /dev/shm
          --ro-bind "$dir/home" "$dir/home" --bind "$dir/workspace" "$dir/workspace" --bind "$dir/tmp" "$dir/tmp"
          --perms 0000 --tmpfs "$dir/home/.ssh" --remount-ro "$dir/home/.ssh")
  for link in /bin /sbin /lib /lib32 /lib64 /libx32; do
    if [ -L "$link" ]; then plain+=(--symlink "$(readlink "$link")" "$link"); fi
  done
  plain+=(--remount-ro / --chdir "$dir/workspace" -- true)
  for _ in $(seq 100); do bwrap "${plain[@]}"; done
  times=()
  # $EPOCHREALTIME is read by bash itself: no clock process distorts the timing. Runs are spaced
  # like the Java bench's.
  for _ in $(seq "$runs"); do
    start=${EPOCHREALTIME/[.,]/}; bwrap "${plain[@]}"; end=${EPOCHREALTIME/[.,]/}
    times+=($(( (end - start) * 1000 )))
    sleep 0.005
  done
  rm -rf "$dir"
  sorted="$(printf '%s\n' "${times[@]}" | sort -n)"
  shell_median=$(awk '{ t[NR] = $1 } END { printf "%.2f", t[int((NR + 1) / 2)] / 1e6 }' <<<"$sorted")
  shell_p90=$(awk '{ t[NR] = $1 } END { printf "%.2f", t[int(NR * 0.9)] / 1e6 }' <<<"$sorted")
  shell_min=$(awk 'NR == 1 { printf "%.2f", $1 / 1e6 }' <<<"$sorted")
  echo "bwrap from the shell, same isolation: median $shell_median ms  p90 $shell_p90 ms  min $shell_min ms ($runs runs)"
  java_median=$(awk '$1 == "bwrap" && $2 == "median" { print $3 }' "$out/bench.txt")
  if [ -n "$java_median" ]; then
    awk -v j="$java_median" -v s="$shell_median" 'BEGIN { printf "bwrap executor / plain bwrap: %.2fx (target <= 1.20x)\n", j / s }'
  fi
fi
