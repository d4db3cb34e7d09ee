package dev.cordon.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A v1 {@code cpu} cgroup with one quota, shared by the runs of this JVM that ask for that CPU
 * share, and a thread inside it that starts their spawning threads. A new thread starts in the
 * cgroups of the thread that creates it, so the spawning threads (and the children they start)
 * are born inside and never have to move in: moving a thread into a v1 hierarchy can wait for an
 * RCU grace period, tens of milliseconds on a loaded machine, which a per-run cpu cgroup added to
 * every run. The price: runs of one JVM with the same share at the same time share that share
 * (stricter, never looser, than one each).
 */
final class CpuShare implements AutoCloseable {

    private final Path dir;
    private final LinkedBlockingQueue<Runnable> starts = new LinkedBlockingQueue<>();
    private final Thread creator;

    private CpuShare(Path dir) {
        this.dir = dir;
        this.creator = new Thread(this::serve, "cordon-cpu-share-" + dir.getFileName());
        this.creator.setDaemon(true);
    }

    /** Makes the cgroup {@code parent/name} with the quota of {@code percent} and enters its thread. */
    static CpuShare create(Path parent, String name, int percent) throws KernelException {
        Path dir = parent.resolve(name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new KernelException("cannot create cgroup `" + dir + "`: " + e.getMessage(), 0);
        }
        RunCgroup.write(dir.resolve("cpu.cfs_period_us"), Long.toString(RunCgroup.CPU_PERIOD_MICROS));
        RunCgroup.write(dir.resolve("cpu.cfs_quota_us"), Long.toString(RunCgroup.cpuQuotaMicros(percent)));
        CpuShare share = new CpuShare(dir);
        CompletableFuture<Void> entered = new CompletableFuture<>();
        share.starts.add(() -> {
            try {
                RunCgroup.write(dir.resolve("tasks"), Long.toString(Syscalls.gettid()));
                entered.complete(null);
            } catch (KernelException e) {
                entered.completeExceptionally(e);
            }
        });
        share.creator.start();
        try {
            entered.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            share.close();
            throw new KernelException("interrupted while entering cgroup `" + dir + "`", Errno.EINTR);
        } catch (ExecutionException e) {
            share.close();
            throw e.getCause() instanceof KernelException kernel ? kernel
                    : new KernelException("cannot enter cgroup `" + dir + "`: " + e.getCause(), 0);
        }
        return share;
    }

    /** Starts {@code thread} from inside the cgroup, so that it is born there. */
    void start(Thread thread) throws KernelException {
        CompletableFuture<Void> started = new CompletableFuture<>();
        starts.add(() -> {
            try {
                thread.start();
                started.complete(null);
            } catch (RuntimeException e) {
                started.completeExceptionally(e);
            }
        });
        try {
            started.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KernelException("interrupted while starting a thread in `" + dir + "`", Errno.EINTR);
        } catch (ExecutionException e) {
            throw new KernelException("cannot start a thread in `" + dir + "`: " + e.getCause(), 0);
        }
    }

    Path dir() {
        return dir;
    }

    private void serve() {
        while (true) {
            Runnable next;
            try {
                next = starts.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                // The caller's future reports it.
            }
        }
    }

    /** Ends the thread; the directory goes once the last run in it has ended (the caller removes it). */
    @Override
    public void close() {
        creator.interrupt();
    }
}
