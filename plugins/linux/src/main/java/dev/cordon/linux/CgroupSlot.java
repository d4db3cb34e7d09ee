package dev.cordon.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.SynchronousQueue;

/**
 * A run cgroup made ahead of time, with (on v1) a parked thread that has already moved itself
 * into it. Moving a thread between v1 cgroups waits for an RCU grace period now and then
 * (measured on the project's machines: 0.3 ms typically, 12 ms at the 90th percentile), so it is
 * done before the run is asked for; starting the child is then a hand-over to a thread that is
 * already inside.
 */
final class CgroupSlot {

    /** A start handed to the parked thread; a job without a start tells it to leave. */
    private record Job(ChildStart start) {
    }

    private final Cgroups.Version version;
    private final Map<String, Path> dirs;
    private final SynchronousQueue<Job> jobs = new SynchronousQueue<>();
    private final CompletableFuture<Void> entered = new CompletableFuture<>();
    private Thread thread;
    private volatile String threadId = "";
    private ThreadSetup early = ThreadSetup.NONE;
    private boolean used;

    private CgroupSlot(Cgroups.Version version, Map<String, Path> dirs) {
        this.version = version;
        this.dirs = Map.copyOf(dirs);
    }

    /**
     * Creates the directories and, on v1, the thread that waits inside them; that thread runs
     * {@code early} once it is inside, before any run asks for it. With a CPU share the thread is
     * started from inside the share's cgroup, so it is born there.
     */
    static CgroupSlot prepare(Cgroups.Version version, Map<String, Path> dirs, ThreadSetup early, CpuShare share)
            throws KernelException {
        CgroupSlot slot = new CgroupSlot(version, dirs);
        slot.early = early;
        // Controllers mounted together (cpu,cpuacct) share one directory.
        for (Path dir : new java.util.LinkedHashSet<>(dirs.values())) {
            mkdir(dir);
        }
        if (version == Cgroups.Version.V1) {
            slot.thread = new Thread(slot::park, "cordon-cgroup-spawn");
            slot.thread.setDaemon(true);
            if (share != null) {
                share.start(slot.thread);
            } else {
                slot.thread.start();
            }
            try {
                slot.entered.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                slot.leave();
                throw new KernelException("interrupted while preparing a cgroup", Errno.EINTR);
            } catch (ExecutionException e) {
                slot.discardFailed();
                throw e.getCause() instanceof KernelException kernel ? kernel
                        : new KernelException("cannot enter cgroup: " + e.getCause(), 0);
            }
        }
        return slot;
    }

    Map<String, Path> dirs() {
        return dirs;
    }

    /** The kernel id of the parked (spawning) thread, or empty on v2 or before it ran. */
    String threadId() {
        return threadId;
    }

    /**
     * Starts the child from inside the cgroup after {@code setup} ran on the starting thread.
     * On v2 (no thread placement) the thread is a fresh one and the child places itself.
     */
    Process start(ProcessBuilder builder, List<NativeSpawn.Inherited> inherited, ThreadSetup setup) throws IOException {
        synchronized (this) {
            if (used) {
                throw new IllegalStateException("a cgroup slot starts one child");
            }
            used = true;
        }
        if (version == Cgroups.Version.V2) {
            return Spawner.start(builder, inherited, setup);
        }
        ChildStart start = new ChildStart(builder, inherited, setup);
        boolean interrupted = false;
        while (true) {
            try {
                jobs.put(new Job(start));
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return start.await();
    }

    /**
     * Waits (a bounded time) until the spawning thread has ended. A thread that has ended has left
     * the cgroup by itself; moving it out while it still runs would cost an RCU grace period
     * during which no process of the machine can fork or exit.
     */
    void awaitThreadEnd(java.time.Duration patience) {
        Thread parked = thread;
        if (parked == null) {
            return;
        }
        try {
            parked.join(Math.max(1, patience.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lets an unused parked thread end, so that the cgroup can be removed. */
    void leave() {
        synchronized (this) {
            if (used || thread == null) {
                return;
            }
            used = true;
        }
        jobs.offer(new Job(null));
        // offer fails only when the thread is not waiting yet; interrupting ends the wait too.
        thread.interrupt();
    }

    private void park() {
        try {
            String tid = Long.toString(Syscalls.gettid());
            threadId = tid;
            for (Path dir : new java.util.LinkedHashSet<>(dirs.values())) {
                RunCgroup.write(dir.resolve("tasks"), tid);
            }
            applyEarly();
        } catch (KernelException | RuntimeException e) {
            entered.completeExceptionally(e);
            return;
        }
        entered.complete(null);
        Job job;
        try {
            job = jobs.take();
        } catch (InterruptedException e) {
            return;
        }
        if (job.start() != null) {
            job.start().run();
        }
    }

    private void applyEarly() throws KernelException {
        try {
            early.apply();
        } catch (KernelException e) {
            throw new KernelException("cannot prepare the spawning thread of cgroup `"
                    + dirs.values().iterator().next() + "`: " + e.getMessage(), e.errno());
        }
    }

    /**
     * The thread gave up: once it has ended, the directories go too. An ended thread keeps a v1
     * cgroup busy until the kernel has released it, so removal is retried for a moment.
     */
    private void discardFailed() {
        awaitThreadEnd(java.time.Duration.ofSeconds(1));
        java.util.List<Path> left = new java.util.ArrayList<>(dirs.values());
        for (int attempt = 0; attempt < 50 && !left.isEmpty(); attempt++) {
            left.removeIf(CgroupSlot::removed);
            if (!left.isEmpty()) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return; // the next JVM's sweep removes what is left
                }
            }
        }
    }

    private static boolean removed(Path dir) {
        try {
            Files.deleteIfExists(dir);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void mkdir(Path dir) throws KernelException {
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            throw new KernelException("cannot create cgroup `" + dir + "`: " + e.getMessage(), 0);
        }
    }
}
