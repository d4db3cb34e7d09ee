#!/usr/bin/env bash
# What the executors add to starting `true`, in a warm JVM, measured so that the machine's load
# weighs on every side alike (runs alternate; 5 ms between runs).
#
#   bench/executors.sh [iterations] [executor-id...]      e.g. bench/executors.sh 300 landlock bwrap
#   bench/executors.sh --steps [runs]                      where the time of a run goes (needs perf)
#
# 1. Java (ExecutorBench): `true` started bare with ProcessBuilder and through each executor,
#    interleaved: each iteration runs each contender once, in rotating order.
# 2. bwrap: the executor against plain bwrap started by this shell with the same isolation, one
#    after the other in one loop (the executor runs in a coprocess JVM, ExecutorBench --serve).
#
# 3. --steps: runs of the bwrap and landlock executors, a bare spawn and both plain bwraps, in
#    turns, while perf records the kernel's process and system-call tracepoints; the median and
#    minimum time of each step of a run (Java work, spawn, namespaces, mounts, init, the command,
#    the exits, the result) come out of bench/executor-steps.awk. Tracing adds to every step.
#
# BENCH_LIMITS=defaults runs every side with the limits of the built-in profiles (processes 256,
# memory 2 GiB, CPU 300 s, files 512 MiB, CPU share 50%, temp 512 MiB): the executors then make
# a cgroup per run, and the plain bwrap gets the same by hand (a cgroup made and entered per run,
# rlimits set by its subshell). Build output goes to a private folder so the bench does not disturb
# other builds of the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=no
if [ "${1:-}" = --steps ]; then
  steps=yes
  shift
  command -v perf >/dev/null || { echo "--steps needs perf (Debian: linux-perf)" >&2; exit 2; }
fi
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

if [ "$steps" = no ]; then
  uptime
  java "${java_opts[@]}" -cp "$classpath" dev.cordon.executor.testkit.ExecutorBench "$@" | tee "$out/bench.txt"
  uptime
fi

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
# It has none of the executor's bookkeeping: no status descriptor, no init shell (which the executor
# needs to keep bwrap's PWD out of the command's environment and to set the rlimits), no output
# capture beyond the shell's. Two plain sides: bwrap as it comes (its own init is PID 1 and runs
# `true`, so, as under the executor, the command is not PID 1; the target's baseline), and
# `--as-pid-1` (`true` is PID 1: one process fewer than any sandbox that runs commands safely).
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/workspace" "$dir/home/.ssh" "$dir/tmp"
plain=(--unshare-all --unshare-user --disable-userns --cap-drop ALL --die-with-parent
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
# $1: a run name; $2: extra bwrap options (word-split on purpose: empty or --as-pid-1).
plain_run() {
  if [ "$limits" = none ]; then
    bwrap $2 "${plain[@]}" 3<"$dir/seccomp.bpf"
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
    exec bwrap $2 "${plain[@]}" 3<"$dir/seccomp.bpf"
  )
  # Without --as-pid-1, bwrap's init is left for the host's PID 1 to reap, which may hold the
  # cgroup for a while: the cgroups are removed after the loop.
  made+=("$name")
}
made=()
remove_made() {
  local name c tries
  for name in "${made[@]}"; do
    for c in pids memory cpu; do
      for tries in $(seq 300); do rmdir "$cg/$c/$name" 2>/dev/null && break; sleep 0.01; done
    done
  done
  made=()
}

served=bwrap
[ "$steps" = yes ] && served="bwrap landlock"
coproc BENCH { exec java "${java_opts[@]}" -cp "$classpath" dev.cordon.executor.testkit.ExecutorBench \
                 --seccomp-file "$dir/seccomp.bpf" --serve $served; }
# $1: the contender (an executor id, or bare)
executor_run() {
  echo "${1:-bwrap}" >&"${BENCH[1]}"
  read -r t <&"${BENCH[0]}"
  echo "$t"
}
# $EPOCHREALTIME is read by bash itself: no clock process distorts the timing.
plain_timed() {
  local start end
  sleep 0.005
  start=${EPOCHREALTIME/[.,]/}; plain_run "$1" "$2"; end=${EPOCHREALTIME/[.,]/}
  awk -v us=$((end - start)) 'BEGIN { printf "%.4f\n", us / 1000 }'
}
if [ "$steps" = yes ]; then
  for i in $(seq 100); do
    for c in bwrap landlock bare; do executor_run $c >/dev/null; done
    plain_run "w$i" "" && plain_run "w$i-p1" --as-pid-1
  done
  # The serving thread is the JVM's thread named java other than the first.
  main=""
  for task in /proc/"$BENCH_PID"/task/*; do
    if [ "${task##*/}" != "$BENCH_PID" ] && [ "$(cat "$task/comm" 2>/dev/null)" = java ]; then main="${task##*/}"; break; fi
  done
  jvm="$BENCH_PID"
  uptime
  on_main="common_pid == $main"
  perf record -q -a -o "$dir/perf.data" \
    -e sched:sched_process_fork -e sched:sched_process_exec -e sched:sched_process_exit \
    -e syscalls:sys_exit_read --filter "$on_main" -e syscalls:sys_exit_futex --filter "$on_main" \
    -e syscalls:sys_enter_write --filter "$on_main" -e syscalls:sys_enter_clone3 -e syscalls:sys_enter_clone \
    -e syscalls:sys_enter_pivot_root -e syscalls:sys_enter_unshare -e syscalls:sys_enter_landlock_restrict_self \
    -e syscalls:sys_exit_wait4 -e syscalls:sys_exit_waitid 2>/dev/null &
  recorder=$!
  sleep 2
  # The JVM pauses 5 ms before each of its runs; plain bwrap runs right after one of them.
  for i in $(seq "$runs"); do
    for c in bwrap landlock bare; do executor_run $c >/dev/null; done
    plain_run "$i" "" && plain_run "$i-p1" --as-pid-1
  done
  kill -INT "$recorder"; wait "$recorder" || true
  uptime
  remove_made
  exec {BENCH[1]}>&-
  perf script -i "$dir/perf.data" -F comm,pid,tid,time,event,trace >"$out/steps.txt" 2>/dev/null
  echo "events: $out/steps.txt (JVM $jvm, serving thread $main, shell $BASHPID)"
  awk -v jvm="$jvm" -v main="$main" -v shell="$BASHPID" -f bench/executor-steps.awk "$out/steps.txt"
  exit 0
fi

# One contender per turn, in rotating order.
contender() {
  case "$1" in
    0) executor_run >>"$dir/executor.txt" ;;
    1) plain_timed "$2" "" >>"$dir/plain.txt" ;;
    2) plain_timed "$2-p1" --as-pid-1 >>"$dir/plain-pid1.txt" ;;
  esac
}
for i in $(seq 100); do executor_run >/dev/null; plain_timed "w$i" "" >/dev/null; plain_timed "w$i-p1" --as-pid-1 >/dev/null; done
: >"$dir/executor.txt"; : >"$dir/plain.txt"; : >"$dir/plain-pid1.txt"
uptime
for i in $(seq "$runs"); do
  for turn in 0 1 2; do contender $(((i + turn) % 3)) "$i"; done
done
uptime
remove_made
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
stats "$dir/plain-pid1.txt" "plain bwrap --as-pid-1"
awk -v j="$(median "$dir/executor.txt")" -v s="$(median "$dir/plain.txt")" -v p="$(median "$dir/plain-pid1.txt")" \
  'BEGIN { printf "bwrap executor / plain bwrap: %.2fx (target <= 1.20x); / plain bwrap --as-pid-1: %.2fx\n", j / s, j / p }'
