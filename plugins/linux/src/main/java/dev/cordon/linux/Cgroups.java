package dev.cordon.linux;

import dev.cordon.spi.Limits;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes one cgroup per run, next to this JVM's own cgroup, so that limits and kill-all cover
 * every process of a run however it detached itself.
 *
 * <p>Two layouts are supported. <b>v1</b> (a {@code pids} hierarchy is mounted; {@code memory}
 * and {@code cpuacct} are used when present): writing a <em>thread</em> id to a v1 {@code tasks}
 * file moves only that thread, so the dedicated spawning thread moves itself into the run's
 * cgroups and the child starts inside them: no window in which it could fork outside.
 * <b>v2</b> (no v1 {@code pids}; the unified hierarchy has the controllers): threads of a process
 * cannot be split across domain cgroups, so the child places itself: it is started as
 * {@code /bin/sh -c 'echo 0 > <cgroup>/cgroup.procs && exec "$@"' ...}, which moves the shell
 * before it executes the command, again before anything could fork. The shell and the
 * {@code cgroup.procs} file must be reachable under the child's confinement ({@link
 * RunCgroup#childNeeds()}).
 */
public final class Cgroups implements AutoCloseable {

    /** Which cgroup version a run uses. */
    public enum Version {
        V1,
        V2
    }

    private static final AtomicLong SEQUENCE = new AtomicLong();
    /**
     * Each executor plugin loads this class in its own class loader, so the sequence alone would
     * repeat across plugins of one JVM: two probes at once would then race for one directory.
     */
    private static final String LOADER = Long.toHexString(new java.security.SecureRandom().nextLong() & 0xffffffffL);
    private static final String PREFIX = "cordon-";
    private static final int REMOVE_ATTEMPTS = 70;
    /** How long a run waits for the cgroup being prepared before it makes its own. */
    private static final long SPARE_PATIENCE_MILLIS = 250;


    private final Version version;
    private final Map<String, Path> parents;
    private CompletableFuture<CgroupSlot> spare;
    /** What the spare is made for: what the last run needed. */
    private SlotKind spareKind = SlotKind.PLAIN;
    /** v1 CPU shares by percent, each a cgroup of this JVM's runs with that share. */
    private final Map<Integer, CpuShare> shares = new java.util.HashMap<>();
    private volatile ThreadSetup parkedSetup = ThreadSetup.NONE;
    private boolean hookAdded;
    private boolean closed;
    private java.util.concurrent.ScheduledExecutorService background;
    private final java.util.concurrent.atomic.AtomicBoolean swept = new java.util.concurrent.atomic.AtomicBoolean();

    private Cgroups(Version version, Map<String, Path> parents) {
        this.version = version;
        this.parents = Map.copyOf(parents);
    }

    /**
     * The cgroups this process can make run cgroups in, or an exception saying why none can be
     * made (nothing mounted, not writable, v2 controllers not delegated).
     */
    public static Cgroups open() throws KernelException {
        return open(CgroupLayout.current(), Optional.empty());
    }

    /** Like {@link #open()} but with a given layout and, optionally, a forced version. */
    public static Cgroups open(CgroupLayout layout, Optional<Version> forced) throws KernelException {
        Path pids = layout.v1().get("pids");
        boolean useV1 = forced.map(v -> v == Version.V1).orElse(pids != null);
        if (useV1) {
            if (pids == null) {
                throw new KernelException("no cgroup v1 pids hierarchy is mounted", 0);
            }
            Map<String, Path> parents = new LinkedHashMap<>();
            for (String controller : new String[] {"pids", "memory", "cpuacct", "cpu"}) {
                Path dir = layout.v1().get(controller);
                if (dir != null && Files.isWritable(dir.resolve("tasks"))) {
                    parents.put(controller, dir);
                }
            }
            if (!parents.containsKey("pids")) {
                throw new KernelException("cgroup `" + pids + "` is not writable", Errno.EACCES);
            }
            return new Cgroups(Version.V1, parents);
        }
        Path unified = layout.v2().orElseThrow(() -> new KernelException("no cgroup hierarchy is mounted", 0));
        if (!Files.isWritable(unified.resolve("cgroup.subtree_control"))) {
            throw new KernelException("cgroup `" + unified + "` is not writable", Errno.EACCES);
        }
        return new Cgroups(Version.V2, Map.of("unified", unified));
    }

    public Version version() {
        return version;
    }

    /**
     * Work that every spawning thread of this instance does while it waits for its run, off the
     * run's path: the part of a confinement that is the same for every run (dropping
     * capabilities, no-new-privs). A thread whose setup fails is not used: the run that would
     * have taken it makes its own cgroup, and fails with the setup's message if that fails too.
     * Only the v1 layout parks threads; on v2 it is not run, so the launch's own setup must still
     * do (or at least verify) all of it.
     */
    public void parkedSetup(ThreadSetup setup) {
        parkedSetup = java.util.Objects.requireNonNull(setup, "setup");
    }

    /** Whether a memory limit can be enforced for the whole tree. */
    public boolean limitsMemory() {
        return version == Version.V1 ? parents.containsKey("memory") : v2Controllers().contains("memory");
    }

    /** Whether the CPU share of the whole tree can be bounded (CFS bandwidth control). */
    public boolean limitsCpu() {
        return version == Version.V1 ? parents.containsKey("cpu") : v2Controllers().contains("cpu");
    }

    /** The interface file that bounds the CPU share, e.g. {@code v1 cpu.cfs_quota_us}. */
    public String cpuControl() {
        return version == Version.V1 ? "v1 cpu.cfs_quota_us" : "v2 cpu.max";
    }

    /** Whether a process-count limit can be enforced for the whole tree. */
    public boolean limitsProcesses() {
        return version == Version.V1 || v2Controllers().contains("pids");
    }

    /** e.g. {@code v1 (pids, memory, cpuacct, cpu)} or {@code v2 (/sys/fs/cgroup/user.slice)}. */
    public String describe() {
        if (version == Version.V1) {
            return "v1 (" + String.join(", ", parents.keySet()) + ")";
        }
        return "v2 (" + parents.get("unified") + ", controllers: " + v2Controllers().trim() + ")";
    }

    /**
     * Creates the cgroup of one run with its limits. Fails closed when a limit is asked for that
     * this layout cannot enforce. A cgroup prepared in the background is used when one is ready;
     * the next one is prepared when a run's cgroup is closed, so that moving the parked thread
     * never competes with a run's own start.
     */
    public RunCgroup create(String runId, Limits limits) throws KernelException {
        if (limits.memoryBytes() > 0 && !limitsMemory()) {
            throw new KernelException("no memory controller is available to limit memory", 0);
        }
        if (limits.maxProcesses() > 0 && !limitsProcesses()) {
            throw new KernelException("no pids controller is available to limit processes", 0);
        }
        if (limits.cpuPercent() > 0 && !limitsCpu()) {
            throw new KernelException("no cpu controller is available to bound the cpu share", 0);
        }
        // A memory cgroup costs about half a millisecond per run (making it, and a fresh one
        // slows the child's first page faults), so only runs with a memory limit get one. On v1 a
        // CPU share is a cgroup shared by the runs with that share (see CpuShare): moving every
        // run's thread into a cpu cgroup of its own cost tens of milliseconds on a loaded machine.
        // The spare prepared ahead is made for what the last run needed: a run like the last one
        // (the usual case, same profile) finds everything done.
        SlotKind needed = new SlotKind(limits.memoryBytes() > 0, limits.cpuPercent());
        CgroupSlot slot = takeSpare(needed);
        if (slot == null) {
            slot = prepare(needed);
        }
        return RunCgroup.open(this, slot, limits);
    }

    /** Runs cleanup off the caller's path: moving stray threads out, removing directories. */
    void background(Runnable task) {
        background().execute(task);
    }

    /** Like {@link #background(Runnable)}, after a delay. */
    void backgroundLater(Runnable task, java.time.Duration delay) {
        background().schedule(task, delay.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Waits until the background work submitted so far is done (for tests and shutdown). */
    void awaitBackground() throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        background().execute(done::countDown);
        done.await();
    }

    Map<String, Path> parents() {
        return parents;
    }

    /**
     * The prepared cgroup, waiting for it when it is still being made: making a second one now
     * would wait for the same kernel work (moving a thread takes an RCU grace period) twice.
     */
    private CgroupSlot takeSpare(SlotKind needed) {
        CompletableFuture<CgroupSlot> next;
        boolean fits;
        synchronized (this) {
            next = spare;
            fits = spareKind.equals(needed);
            spare = null;
            spareKind = needed;
        }
        if (next == null) {
            return null;
        }
        if (!fits) {
            discardLater(next);
            return null;
        }
        try {
            return next.get(SPARE_PATIENCE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            discardLater(next);
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return null;
        } catch (java.util.concurrent.TimeoutException e) {
            discardLater(next);
            return null;
        }
    }

    /** A spare given up on is removed once it is made. */
    private void discardLater(CompletableFuture<CgroupSlot> late) {
        late.thenAccept(slot -> {
            slot.leave();
            background(() -> removeDirs(slot.dirs().values(), 0));
        });
    }

    synchronized void prepareSpare() {
        if (spare != null || closed) {
            return;
        }
        if (!hookAdded) {
            hookAdded = true;
            Runtime.getRuntime().addShutdownHook(new Thread(this::shutDown, "cordon-cgroups-exit"));
        }
        CompletableFuture<CgroupSlot> next = new CompletableFuture<>();
        spare = next;
        SlotKind kind = spareKind;
        background().execute(() -> {
            try {
                next.complete(prepare(kind));
            } catch (KernelException | RuntimeException e) {
                next.completeExceptionally(e);
            }
        });
    }

    /**
     * Stops preparing cgroups ahead, removes the prepared one and waits (a bounded time) for the
     * queued removals. Runs already made keep working; later runs make their cgroup on demand.
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        shutDown();
        synchronized (this) {
            if (background != null) {
                // Retries already scheduled still run; then the thread ends.
                background.shutdown();
                background = null;
            }
        }
    }

    /**
     * Removals still queued and an unused spare would outlive the JVM as empty directories: finish
     * them on the way out, within a bound.
     */
    private void shutDown() {
        discardSpare();
        releaseShares();
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        background().execute(done::countDown);
        try {
            done.await(2, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the CPU shares' threads, moves this JVM's threads that were born in them (the JDK's
     * process reaper) back to the parent, and removes the cgroups once they are empty.
     */
    private void releaseShares() {
        List<CpuShare> released;
        synchronized (this) {
            released = List.copyOf(shares.values());
            shares.clear();
        }
        for (CpuShare share : released) {
            share.close();
            background(() -> {
                Path parent = share.dir().getParent();
                for (String tid : RunCgroup.lines(share.dir().resolve("tasks"))) {
                    if (Files.exists(Path.of("/proc/self/task", tid))) {
                        try {
                            RunCgroup.write(parent.resolve("tasks"), tid);
                        } catch (KernelException e) {
                            // Ended meanwhile.
                        }
                    }
                }
                removeDirs(List.of(share.dir()), 0);
            });
        }
    }

    private void discardSpare() {
        CompletableFuture<CgroupSlot> last;
        synchronized (this) {
            last = spare;
            spare = null;
        }
        if (last != null) {
            try {
                CgroupSlot slot = last.get(1, java.util.concurrent.TimeUnit.SECONDS);
                slot.leave();
                removeDirs(slot.dirs().values(), 0);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // Nothing was made, or it is still being made: the next JVM sweeps it.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * What a run cgroup is made for.
     *
     * @param memory whether it joins the memory hierarchy
     * @param cpuPercent the CPU share, or 0
     */
    private record SlotKind(boolean memory, int cpuPercent) {
        static final SlotKind PLAIN = new SlotKind(false, 0);
    }

    private CgroupSlot prepare(SlotKind kind) throws KernelException {
        CpuShare share = version == Version.V1 && kind.cpuPercent() > 0 ? share(kind.cpuPercent()) : null;
        return CgroupSlot.prepare(version, nextDirs(kind, share), parkedSetup, share);
    }

    private synchronized CpuShare share(int percent) throws KernelException {
        CpuShare share = shares.get(percent);
        if (share == null) {
            share = CpuShare.create(parents.get("cpu"), PREFIX + ProcessHandle.current().pid() + "-" + LOADER + "-cpu"
                    + percent, percent);
            shares.put(percent, share);
        }
        return share;
    }

    private Map<String, Path> nextDirs(SlotKind kind, CpuShare share) {
        if (swept.compareAndSet(false, true)) {
            sweepStale();
        }
        String name = PREFIX + ProcessHandle.current().pid() + "-" + LOADER + "-" + SEQUENCE.incrementAndGet();
        Map<String, Path> dirs = new LinkedHashMap<>();
        parents.forEach((controller, parent) -> {
            if (controller.equals("memory") && !kind.memory() || controller.equals("cpu") && version == Version.V1) {
                return; // memory only on demand; the cpu share is the shared cgroup the thread is born in
            }
            // Where cpu and cpuacct share a hierarchy, the run's cgroup lies inside the share's.
            boolean underShare = share != null && parent.equals(parents.get("cpu"));
            dirs.put(controller, (underShare ? share.dir() : parent).resolve(name));
        });
        return dirs;
    }

    /**
     * Removes run cgroup directories in the background, retrying while they are busy (a thread
     * that just ended, killed processes not yet reaped by their new parent: some init processes
     * reap slowly). After about a minute the next JVM's sweep is left to do it.
     */
    void removeDirs(java.util.Collection<Path> dirs, int attempt) {
        List<Path> busy = new java.util.ArrayList<>();
        for (Path dir : dirs) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                busy.add(dir);
            }
        }
        if (!busy.isEmpty() && attempt < REMOVE_ATTEMPTS) {
            background().schedule(() -> removeDirs(busy, attempt + 1), Math.min(1000, 10L << Math.min(attempt, 7)),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        }
    }

    private synchronized java.util.concurrent.ScheduledExecutorService background() {
        if (background == null) {
            background = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "cordon-cgroups");
                thread.setDaemon(true);
                return thread;
            });
        }
        return background;
    }

    private String v2Controllers() {
        Path unified = parents.get("unified");
        if (unified == null) {
            return "";
        }
        try {
            return Files.readString(unified.resolve("cgroup.subtree_control")) + " ";
        } catch (IOException e) {
            return "";
        }
    }

    /** Removes empty run cgroups that JVMs which died without cleaning up left behind. */
    private void sweepStale() {
        for (Path parent : parents.values()) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(parent, PREFIX + "*")) {
                for (Path child : children) {
                    String[] parts = child.getFileName().toString().split("-", 3);
                    if (parts.length >= 2 && isDead(parts[1])) {
                        try {
                            Files.deleteIfExists(child);
                        } catch (IOException e) {
                            // Still populated or already gone: leave it.
                        }
                    }
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    private static boolean isDead(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid)).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

}
