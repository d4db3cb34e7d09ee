package dev.cordon.linux;

import dev.cordon.executor.support.Launcher;
import dev.cordon.executor.support.ProcessTree;
import dev.cordon.spi.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The cgroup of one run (see {@link Cgroups} for how a child gets into it). It is the run's
 * {@link ProcessTree}: kill-all, CPU time and peak memory come from the cgroup, so they cover
 * every process however it detached. Close it after reading {@link #events()}.
 */
public final class RunCgroup implements ProcessTree, AutoCloseable {

    /** The shell a v2 child uses to move itself into its cgroup before running the command. */
    public static final Path SHELL = Path.of("/bin/sh");

    /**
     * Tasks of this JVM in a v1 run cgroup besides the run's: the spawning thread, which stays as
     * the child's parent thread until the run ends (native spawn); with the JDK's start it ends at
     * once, but the JDK's process-reaper thread it may create sits there briefly too.
     */
    private static final int NATIVE_SPAWN_SLACK = 1;
    private static final int JDK_SPAWN_SLACK = 2;
    private static final Duration KILL_PATIENCE = Duration.ofSeconds(10);
    /** The CFS bandwidth period: the share is enforced over every 100 ms. */
    static final long CPU_PERIOD_MICROS = 100_000;
    /** When JVM threads a native spawn's setup may have created in the cgroup are moved out. */
    private static final Duration STRAY_THREADS_DELAY = Duration.ofMillis(20);
    /** The spawning thread ends right after the start; this is only a bound. */
    private static final Duration SPAWNER_PATIENCE = Duration.ofMillis(200);

    private final Cgroups owner;
    private final CgroupSlot slot;
    private final Cgroups.Version version;
    private final Map<String, Path> dirs;
    private final Map<String, Path> parents;
    private final Limits limits;
    private CgroupEvents eventsBeforeKill;
    private Process root;
    /**
     * Seen empty after the run's first process had ended: nothing can join the cgroup any more
     * (on v2 that process placed itself before anything could fork), so it stays empty.
     */
    private boolean emptied;
    private boolean closed;

    private RunCgroup(Cgroups owner, CgroupSlot slot, Limits limits) {
        this.owner = owner;
        this.slot = slot;
        this.version = owner.version();
        this.dirs = slot.dirs();
        this.parents = owner.parents();
        this.limits = limits;
    }

    /** Sets the run's limits on a prepared slot. */
    static RunCgroup open(Cgroups owner, CgroupSlot slot, Limits limits) throws KernelException {
        RunCgroup cgroup = new RunCgroup(owner, slot, limits);
        try {
            cgroup.writeLimits();
            return cgroup;
        } catch (KernelException e) {
            cgroup.close();
            throw e;
        }
    }

    private void writeLimits() throws KernelException {
        if (version == Cgroups.Version.V1) {
            // A fresh cgroup has no limit ("max"): only a limit is written.
            if (limits.maxProcesses() > 0) {
                write(dirs.get("pids").resolve("pids.max"), Long.toString(limits.maxProcesses() + spawnSlack()));
            }
            Path memory = dirs.get("memory");
            if (memory != null && limits.memoryBytes() > 0) {
                write(memory.resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
                writeIfPresent(memory.resolve("memory.memsw.limit_in_bytes"), Long.toString(limits.memoryBytes()));
            }
            Path cpu = dirs.get("cpu");
            if (cpu != null && limits.cpuPercent() > 0) {
                write(cpu.resolve("cpu.cfs_period_us"), Long.toString(CPU_PERIOD_MICROS));
                write(cpu.resolve("cpu.cfs_quota_us"), Long.toString(cpuQuotaMicros(limits.cpuPercent())));
            }
            return;
        }
        Path dir = dirs.get("unified");
        if (limits.maxProcesses() > 0) {
            write(dir.resolve("pids.max"), Integer.toString(limits.maxProcesses()));
        }
        if (limits.memoryBytes() > 0) {
            write(dir.resolve("memory.max"), Long.toString(limits.memoryBytes()));
            writeIfPresent(dir.resolve("memory.swap.max"), "0");
        }
        if (limits.cpuPercent() > 0) {
            write(dir.resolve("cpu.max"), cpuQuotaMicros(limits.cpuPercent()) + " " + CPU_PERIOD_MICROS);
        }
    }

    /**
     * The tree's CPU time per period: its share of every CPU this JVM may use together, at least
     * the kernel's minimum of 1 ms.
     */
    static long cpuQuotaMicros(int percent) {
        long cpus = Runtime.getRuntime().availableProcessors();
        return Math.max(1000, CPU_PERIOD_MICROS * cpus * percent / 100);
    }

    /**
     * A launcher that starts the child inside this cgroup, from a dedicated thread that applies
     * {@code confinement} first. One child per run cgroup.
     */
    public Launcher launcher(ThreadSetup confinement) {
        return launcher(List.of(), confinement);
    }

    /** Like {@link #launcher(ThreadSetup)}, with files on descriptors above 2 (native spawn only). */
    public Launcher launcher(List<NativeSpawn.Inherited> inherited, ThreadSetup confinement) {
        return builder -> {
            if (version == Cgroups.Version.V2) {
                builder.command(selfPlacing(builder.command()));
            }
            Process process = slot.start(builder, inherited, confinement);
            if (version == Cgroups.Version.V1) {
                if (ChildStart.nativeSpawn()) {
                    // Rarely anything to do, and a short run is over before: not right at the start.
                    owner.backgroundLater(this::moveStrayThreads, STRAY_THREADS_DELAY);
                } else {
                    owner.background(this::afterJdkStart);
                }
            }
            return process;
        };
    }

    private static int spawnSlack() {
        return ChildStart.nativeSpawn() ? NATIVE_SPAWN_SLACK : JDK_SPAWN_SLACK;
    }

    /**
     * What the child itself must be able to reach for the placement to work: on v2 the {@link
     * #SHELL} (execute) and this {@code cgroup.procs} file (write); nothing on v1.
     */
    public Optional<Path> childNeeds() {
        return version == Cgroups.Version.V2 ? Optional.of(dirs.get("unified").resolve("cgroup.procs")) : Optional.empty();
    }

    private List<String> selfPlacing(List<String> argv) {
        List<String> wrapped = new ArrayList<>();
        wrapped.add(SHELL.toString());
        wrapped.add("-c");
        wrapped.add("echo 0 > \"$0\" && exec \"$@\"");
        wrapped.add(childNeeds().orElseThrow().toString());
        wrapped.addAll(argv);
        return wrapped;
    }

    /**
     * Off the caller's path, after a JDK start: once the spawning thread has ended, the JDK's
     * reaper thread out, then the exact process limit. (A native spawn's thread stays until the
     * run ends and creates no other thread: its one task is in the slack for the whole run.)
     */
    private void afterJdkStart() {
        // Outside the lock: a kill must not wait for the spawning thread.
        slot.awaitThreadEnd(SPAWNER_PATIENCE);
        settleAfterStart();
    }

    /**
     * Off the caller's path, after a native spawn: JVM threads the spawning thread created while
     * it set the run up (the egress proxy may start one) belong to the JVM; the spawning thread
     * itself stays, as the child's parent, until the run ends.
     */
    private synchronized void moveStrayThreads() {
        if (!closed) {
            moveOwnThreadsBack(slot.threadId());
        }
    }

    private synchronized void settleAfterStart() {
        if (closed) {
            return;
        }
        moveOwnThreadsBack("");
        if (limits.maxProcesses() > 0 && eventsBeforeKill == null) {
            try {
                write(dirs.get("pids").resolve("pids.max"), Integer.toString(limits.maxProcesses()));
            } catch (KernelException e) {
                // The limit stays higher by the slack.
            }
        }
    }

    /**
     * JVM threads created by the spawning thread (the JDK's process reaper) inherit its v1
     * cgroups; they belong to the JVM, not to the run, so they are moved back to where they were.
     */
    private void moveOwnThreadsBack(String staying) {
        for (Map.Entry<String, Path> entry : dirs.entrySet()) {
            for (String tid : lines(entry.getValue().resolve("tasks"))) {
                if (!tid.equals(staying) && Files.exists(Path.of("/proc/self/task", tid))) {
                    try {
                        write(parents.get(entry.getKey()).resolve("tasks"), tid);
                    } catch (KernelException e) {
                        // The thread ended meanwhile.
                    }
                }
            }
        }
    }

    @Override
    public synchronized void killAll() {
        if (eventsBeforeKill == null) {
            eventsBeforeKill = readEvents();
        }
        if (isEmpty()) {
            return;
        }
        Path procs = procsDir().resolve("cgroup.procs");
        if (version == Cgroups.Version.V2 && Files.exists(procsDir().resolve("cgroup.kill"))) {
            try {
                write(procsDir().resolve("cgroup.kill"), "1");
            } catch (KernelException e) {
                // Fall back to killing one by one below.
            }
        } else if (version == Cgroups.Version.V1) {
            try {
                // No new process can start while the ones there are killed.
                write(dirs.get("pids").resolve("pids.max"), "0");
            } catch (KernelException e) {
                // Killing one by one still converges unless the tree forks faster than it dies.
            }
        }
        long deadline = System.nanoTime() + KILL_PATIENCE.toNanos();
        long self = ProcessHandle.current().pid();
        while (System.nanoTime() < deadline) {
            List<Long> remaining = new ArrayList<>();
            for (String line : lines(procs)) {
                long pid = Long.parseLong(line);
                if (pid != self) {
                    remaining.add(pid);
                }
            }
            if (remaining.isEmpty()) {
                return;
            }
            for (long pid : remaining) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            sleep();
        }
    }

    /** Whether no process of the run is left (threads of this JVM do not count). */
    public synchronized boolean isEmpty() {
        if (emptied) {
            return true;
        }
        long self = ProcessHandle.current().pid();
        boolean empty = lines(procsDir().resolve("cgroup.procs")).stream().allMatch(pid -> Long.parseLong(pid) == self);
        emptied = empty && root != null && !root.isAlive();
        return empty;
    }

    @Override
    public synchronized void attach(Process started) {
        root = started;
    }

    /** The limit counters, as they were before the run was killed. */
    public synchronized CgroupEvents events() {
        return eventsBeforeKill != null ? eventsBeforeKill : readEvents();
    }

    @Override
    public synchronized Optional<Duration> cpu() {
        if (version == Cgroups.Version.V1) {
            Path cpuacct = dirs.get("cpuacct");
            return cpuacct == null ? Optional.empty() : number(cpuacct.resolve("cpuacct.usage")).map(Duration::ofNanos);
        }
        return keyed(dirs.get("unified").resolve("cpu.stat"), "usage_usec").map(micros -> Duration.ofNanos(micros * 1000));
    }

    @Override
    public synchronized long peakMemoryBytes() {
        if (version == Cgroups.Version.V1) {
            Path memory = dirs.get("memory");
            return memory == null ? 0 : number(memory.resolve("memory.max_usage_in_bytes")).orElse(0L);
        }
        return number(dirs.get("unified").resolve("memory.peak")).orElse(0L);
    }

    /**
     * Kills what is left now; moving stray JVM threads out and removing the directories happen
     * in the background right after ({@link Cgroups} runs them in order).
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (!isEmpty()) {
                killAll();
            }
        }
        slot.leave();
        owner.background(this::remove);
        owner.prepareSpare();
    }

    /** The directory of the run in the hierarchy that lists its processes. */
    Path procsDir() {
        return version == Cgroups.Version.V1 ? dirs.get("pids") : dirs.get("unified");
    }

    /** Moves stray JVM threads out, then removes the directories (retrying while busy). */
    private synchronized void remove() {
        moveOwnThreadsBack("");
        owner.removeDirs(dirs.values(), 0);
    }

    /** The counters of the limits this run has; files of limits it does not have are not read. */
    private CgroupEvents readEvents() {
        Path pidsDir = version == Cgroups.Version.V1 ? dirs.get("pids") : dirs.get("unified");
        long forks = limits.maxProcesses() > 0 ? keyed(pidsDir.resolve("pids.events"), "max").orElse(0L) : 0;
        if (limits.memoryBytes() <= 0) {
            return new CgroupEvents(forks, 0, 0);
        }
        if (version == Cgroups.Version.V1) {
            Path memory = dirs.get("memory");
            return new CgroupEvents(forks, number(memory.resolve("memory.failcnt")).orElse(0L),
                    keyed(memory.resolve("memory.oom_control"), "oom_kill").orElse(0L));
        }
        Path dir = dirs.get("unified");
        return new CgroupEvents(forks, keyed(dir.resolve("memory.events"), "max").orElse(0L),
                keyed(dir.resolve("memory.events"), "oom_kill").orElse(0L));
    }

    static void write(Path file, String value) throws KernelException {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new KernelException("cannot write `" + value + "` to `" + file + "`: " + reason(e), 0);
        }
    }

    private static void writeIfPresent(Path file, String value) {
        if (Files.exists(file)) {
            try {
                write(file, value);
            } catch (KernelException e) {
                // Swap accounting is off: there is no swap limit to set.
            }
        }
    }

    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream().map(String::trim).filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Optional<Long> number(Path file) {
        List<String> lines = lines(file);
        try {
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The value of {@code key value} in a flat-keyed cgroup file. */
    private static Optional<Long> keyed(Path file, String key) {
        for (String line : lines(file)) {
            String[] parts = line.split("\\s+");
            if (parts.length == 2 && parts[0].equals(key)) {
                try {
                    return Optional.of(Long.parseLong(parts[1]));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private static String reason(IOException e) {
        String message = e.getMessage();
        int colon = message == null ? -1 : message.lastIndexOf(": ");
        return colon >= 0 ? message.substring(colon + 2).toLowerCase(java.util.Locale.ROOT) : String.valueOf(message);
    }

    private static void sleep() {
        try {
            TimeUnit.MILLISECONDS.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
