#!/usr/bin/env bash
# What the executors add to starting `true`, in a warm JVM, measured so that the machine's load
# weighs on every side alike (runs alternate; 5 ms between runs).
#
#   bench/executors.sh [iterations] [executor-id...]      e.g. bench/executors.sh 300 landlock bwrap
#
# 1. Java (ExecutorBench): `true` started bare with ProcessBuilder and through each executor,
#    interleaved: each iteration runs each contender once, in rotating order.
# 2. bwrap: the executor against plain bwrap started by this shell with the same isolation, one
#    after the other in one loop (the executor runs in a coprocess JVM, ExecutorBench --serve).
#
# BENCH_LIMITS=defaults runs every side with the limits of the built-in profiles (processes 256,
# memory 2 GiB, CPU 300 s, files 512 MiB, CPU share 50%, temp 512 MiB): the executors then make
# a cgroup per run, and the plain bwrap gets the same by hand (a cgroup made and entered per run,
# rlimits set by its subshell). Build output goes to a private folder so the bench does not disturb
# other builds of the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-300}"
limits="${BENCH_LIMITS:-none}"
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
java_opts=(${BENCH_JAVA_OPTS:-} "-Dcordon.bench.limits=$limits")

uptime
java "${java_opts[@]}" -cp "$classpath" dev.cordon.executor.testkit.ExecutorBench "$@" | tee "$out/bench.txt"
uptime

bwrap_wanted=yes
if [ $# -gt 1 ]; then
  bwrap_wanted=no
  for id in "${@:2}"; do [ "$id" = bwrap ] && bwrap_wanted=yes; done
fi
[ "$bwrap_wanted" = yes ] && command -v bwrap >/dev/null || exit 0

# --- bwrap executor against plain bwrap, interleaved ---------------------------------------------
# The plain side has the isolation the executor gives `true`: every namespace, no capabilities,
# read-only system roots, the workspace read-write, a masked ~/.ssh, fresh /dev and /proc, private
# /tmp, /var/tmp and /dev/shm, a read-only root, and the executor's seccomp filter (network off).
# It has none of the executor's bookkeeping: no status descriptor, no init shell (`true` is PID 1),
# no output capture beyond the shell's.
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/workspace" "$dir/home/.ssh" "$dir/tmp"
plain=(--unshare-all --unshare-user --disable-userns --cap-drop ALL --die-with-parent --as-pid-1
       --new-session --hostname cordon --clearenv --setenv PATH /usr/bin:/bin --setenv HOME "$dir/home")
for root in /usr /etc; do plain+=(--ro-bind "$root" "$root"); done
plain+=(--dev /dev --proc /proc --ro-bind /dev/null /proc/keys --ro-bind /dev/null /proc/key-users
        --perms 1777 --size 536870912 --tmpfs /tmp --perms 1777 --size 536870912 --tmpfs /var/tmp
        --perms 1777 --size 536870912 --tmpfs /dev/shm
        --ro-bind "$dir/home" "$dir/home" --bind "$dir/workspace" "$dir/workspace" --bind "$dir/tmp" "$dir/tmp"
        --perms 0000 --tmpfs "$dir/home/.ssh" --remount-ro "$dir/home/.ssh")
for link in /bin /sbin /lib /lib32 /lib64 /libx32; do
  if [ -L "$link" ]; then plain+=(--symlink "$(readlink "$link")" "$link"); fi
done
plain+=(--remount-ro / --chdir "$dir/workspace" --add-seccomp-fd 3 -- true)

# With limits, what a careful shell does per run: a cgroup of its own with the limits (v1: pids,
# memory, cpu), entered by the subshell that then sets the rlimits and becomes bwrap.
cg=/sys/fs/cgroup
plain_run() {
  if [ "$limits" = none ]; then
    bwrap "${plain[@]}" 3<"$dir/seccomp.bpf"
    return
  fi
  local name="cordon-bench-plain-$$-$1"
  mkdir "$cg/pids/$name" "$cg/memory/$name" "$cg/cpu/$name"
  echo 259 >"$cg/pids/$name/pids.max"
  echo $((2048 << 20)) >"$cg/memory/$name/memory.limit_in_bytes"
  echo 100000 >"$cg/cpu/$name/cpu.cfs_period_us"
  echo $((100000 * $(nproc) / 2)) >"$cg/cpu/$name/cpu.cfs_quota_us"
  (
    for c in pids memory cpu; do echo "$BASHPID" >"$cg/$c/$name/tasks"; done
    ulimit -c 0 && ulimit -S -t 300 && ulimit -H -t 301 && ulimit -f $((512 << 10))  # bash counts KiB
    exec bwrap "${plain[@]}" 3<"$dir/seccomp.bpf"
  )
  rmdir "$cg/pids/$name" "$cg/memory/$name" "$cg/cpu/$name"
}

coproc BENCH { exec java "${java_opts[@]}" -cp "$classpath" dev.cordon.executor.testkit.ExecutorBench \
                 --seccomp-file "$dir/seccomp.bpf" --serve bwrap; }
executor_run() {
  echo bwrap >&"${BENCH[1]}"
  read -r t <&"${BENCH[0]}"
  echo "$t"
}
# $EPOCHREALTIME is read by bash itself: no clock process distorts the timing.
plain_timed() {
  local start end
  sleep 0.005
  start=${EPOCHREALTIME/[.,]/}; plain_run "$1"; end=${EPOCHREALTIME/[.,]/}
  awk -v us=$((end - start)) 'BEGIN { printf "%.4f\n", us / 1000 }'
}
for i in $(seq 100); do executor_run >/dev/null; plain_timed "w$i" >/dev/null; done
: >"$dir/executor.txt"; : >"$dir/plain.txt"
uptime
for i in $(seq "$runs"); do
  if [ $((i % 2)) -eq 0 ]; then
    executor_run >>"$dir/executor.txt"; plain_timed "$i" >>"$dir/plain.txt"
  else
    plain_timed "$i" >>"$dir/plain.txt"; executor_run >>"$dir/executor.txt"
  fi
done
uptime
exec {BENCH[1]}>&-
wait "$BENCH_PID" 2>/dev/null || true

stats() {
  sort -n "$1" | awk -v name="$2" '{ t[NR] = $1 } END {
    printf "%-32s median %6.2f ms  p90 %6.2f ms  min %6.2f ms  (%d runs)\n", name, t[int((NR + 1) / 2)], t[int(NR * 0.9)], t[1], NR }'
}
median() { sort -n "$1" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
echo "bwrap executor against plain bwrap from this shell, interleaved, limits $limits:"
stats "$dir/executor.txt" "bwrap executor"
stats "$dir/plain.txt" "plain bwrap, same isolation"
awk -v j="$(median "$dir/executor.txt")" -v s="$(median "$dir/plain.txt")" \
  'BEGIN { printf "bwrap executor / plain bwrap: %.2fx (target <= 1.20x)\n", j / s }'
