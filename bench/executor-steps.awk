# Reads `perf script -F comm,pid,tid,time,event,trace` of bench/executors.sh --steps and prints,
# per contender, the median and minimum time of each step of a run (µs), from the end of the
# pause before the run to its result. Variables: jvm (the serving JVM's pid), main (its thread
# that serves the runs), shell (the bash that starts plain bwrap).
function us(t) { return t * 1000000 }
function begin(kind, t) { kind_of = kind; last = t; delete seen; marks = 0; open_run = 1 }
# A step ends at its first event; steps are kept per run and counted once the run ended.
function mark(name) {
  if (!open_run || (name in seen)) return
  seen[name] = 1
  mark_name[++marks] = name; mark_us[marks] = now - last; last = now
}
function finish(name,   m, key, total) {
  mark(name); runs[kind_of]++; open_run = 0
  for (m = 1; m <= marks; m++) total += mark_us[m]
  values[kind_of SUBSEP "total", runs[kind_of]] = total
  for (m = 1; m <= marks; m++) {
    key = kind_of SUBSEP mark_name[m]
    if (!(key in count)) order[kind_of, ++steps[kind_of]] = mark_name[m]
    values[key, ++count[key]] = mark_us[m]
  }
}
{
  for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\/[0-9]+$/) break
  comm = $1; for (j = 2; j < i; j++) comm = comm " " $j
  split($i, ids, "/"); pid = ids[1]; tid = ids[2]
  now = us($(i + 1) + 0); event = $(i + 2); sub(/:$/, "", event); sub(/^[a-z]+:/, "", event)
  rest = ""; for (j = i + 3; j <= NF; j++) rest = rest " " $j
  if (event == "sched_process_fork") { split(rest, f, "child_pid="); parent[f[2] + 0] = pid }
  # The root of a process: the JVM or the shell.
  root = pid; for (k = 0; k < 20 && root != jvm && root != shell && (root in parent); k++) root = parent[root]
  if (tid == main && event == "sys_exit_read" && !open_run && !pending && rest ~ / 0x[569]$/) {
    pending = rest ~ /0x6$/ ? "bwrap executor" : rest ~ /0x9$/ ? "landlock executor" : "bare ProcessBuilder"
    read_at = now; next
  }
  if (pending && tid == main && event == "sys_exit_futex" && now - read_at > 4900) { begin(pending, now); pending = ""; next }
  if (pid == shell && event == "sys_enter_clone" && !open_run) { begin("plain bwrap?", now); next }
  if (!open_run || root != (kind_of ~ /^plain/ ? shell : jvm)) next
  if (kind_of == "plain bwrap?") {
    if (event != "sched_process_exec") next
    if (rest !~ /bwrap/) { open_run = 0; next }
    kind_of = "plain bwrap"; pid1 = 1
  }
  if (kind_of == "plain bwrap" && event == "sched_process_fork" && comm == "bwrap" && ("namespaces cloned" in seen)) pid1 = 0
  if (event == "sys_enter_clone3" && tid == main) mark("Java work, then posix_spawn")
  else if (event == "sys_enter_clone3" && comm == "java") mark("Java work, then the spawn")
  else if (event == "sched_process_exec" && rest ~ /jspawnhelper/) mark("jspawnhelper started")
  else if (event == "sched_process_exec" && rest ~ /bwrap/) mark("bwrap started")
  else if (event == "sys_enter_unshare" && comm ~ /^cordon/) mark("Java work (plan), hand-over to the spawning thread")
  else if (event == "sys_enter_landlock_restrict_self") mark("mount namespace, mounts, Landlock rules")
  else if (event == "sys_enter_clone" && comm ~ /^cordon/) mark("seccomp, fork")
  else if (event == "sched_process_fork" && comm == "bwrap" && !("namespaces cloned" in seen)) mark("namespaces cloned")
  else if (event == "sys_enter_pivot_root") mark("uid map, first mounts, pivot_root")
  else if (event == "sched_process_exec" && rest ~ /\/sh /) mark("mounts, caps, seccomp: init shell started")
  else if (event == "sched_process_fork" && comm == "bwrap" && ("namespaces cloned" in seen)) mark("mounts, caps, seccomp: bwrap's init forks")
  else if (event == "sched_process_fork" && comm == "sh") mark("init shell forks")
  else if (event == "sched_process_exec" && rest ~ /\/true /) mark("command started")
  else if (event == "sched_process_exit" && comm == "true") mark("command ended")
  else if (event == "sched_process_exit" && comm == "sh") mark("init shell ended")
  else if (event == "sched_process_exit" && comm == "bwrap" && pid == tid) mark("bwrap ended")
  else if ((event == "sys_exit_wait4" || event == "sys_exit_waitid") && pid == jvm) mark("reaped")
  else if (event == "sys_exit_wait4" && pid == shell) { if (pid1) kind_of = "plain bwrap --as-pid-1"; finish("shell reaped bwrap") }
  else if (event == "sys_enter_write" && tid == main && rest ~ /fd: 0x0*1,/) finish("result returned")
}
function median(key, n,   a, i, j, t) {
  for (i = 1; i <= n; i++) a[i] = values[key, i]
  for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
  minimum = a[1]
  return a[int((n + 1) / 2)]
}
END {
  for (kind in runs) {
    printf "%s, %d runs: median and minimum of each step (µs)\n", kind, runs[kind]
    printf "  %7.0f %7.0f  the whole run\n", median(kind SUBSEP "total", runs[kind]), minimum
    for (s = 1; s <= steps[kind]; s++) {
      key = kind SUBSEP order[kind, s]
      printf "  %7.0f %7.0f  %s\n", median(key, count[key]), minimum, order[kind, s]
    }
  }
}
