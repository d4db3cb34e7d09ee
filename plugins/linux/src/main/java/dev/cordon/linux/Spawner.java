package dev.cordon.linux;

import java.io.IOException;
import java.util.List;

/**
 * Starts a child from a new platform thread of its own. Landlock, seccomp, no-new-privs,
 * capabilities and cgroup v1 membership are properties of the calling thread, and the child
 * inherits them from the thread that starts it: applying them on a throwaway thread confines the
 * child and leaves the rest of the JVM as it was.
 */
public final class Spawner {

    private static final Object WARM_UP = warmUp();

    private Spawner() {
    }

    /**
     * Runs the setup on a new thread, then starts the builder there. When the setup fails the
     * child is not started and the failure is thrown as an {@link IOException} with the setup's
     * message. With the native spawn the thread stays until the child has ended (see {@link
     * ChildStart}).
     */
    public static Process start(ProcessBuilder builder, ThreadSetup setup) throws IOException {
        return start(builder, List.of(), setup);
    }

    /** Like {@link #start(ProcessBuilder, ThreadSetup)}, with files on descriptors above 2 (native spawn only). */
    public static Process start(ProcessBuilder builder, List<NativeSpawn.Inherited> inherited, ThreadSetup setup)
            throws IOException {
        ChildStart start = new ChildStart(builder, inherited, setup);
        Thread thread = new Thread(start::run, "cordon-spawn");
        thread.setDaemon(true);
        thread.start();
        return start.await();
    }

    /**
     * Starts the builder without a setup from a pooled thread, with files on descriptors above 2
     * (native spawn only). The thread spawns the child and then waits for it (it is the child's
     * parent thread while the child lives, which {@code PR_SET_PDEATHSIG} watches), and only then
     * returns to the pool: no thread is created per run. Nothing confines these threads, so they
     * can be reused.
     */
    public static Process startUnconfined(ProcessBuilder builder, List<NativeSpawn.Inherited> inherited)
            throws IOException {
        ChildStart start = new ChildStart(builder, inherited, ThreadSetup.NONE);
        UNCONFINED.execute(start::run);
        return start.await();
    }

    /** Threads that start and wait for unconfined children; idle ones end after a minute. */
    private static final java.util.concurrent.ExecutorService UNCONFINED =
            java.util.concurrent.Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "cordon-spawn-unconfined");
                thread.setDaemon(true);
                return thread;
            });

    /** A setup or start failure as the {@link IOException} a launcher throws; the cause is kept. */
    static IOException asIOException(Throwable error) {
        if (error instanceof IOException io) {
            return io;
        }
        if (error instanceof KernelException kernel) {
            return new IOException(kernel.getMessage(), kernel);
        }
        return new IOException("starting the confined child failed: " + error, error);
    }

    /** Loads the classes a start needs while file access is still unrestricted. */
    private static Object warmUp() {
        try {
            Class.forName("java.lang.ProcessImpl", true, ClassLoader.getSystemClassLoader());
            Class.forName("java.lang.ProcessHandleImpl", true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // Not on this JDK; the classes load on first use.
        }
        return Boolean.TRUE;
    }
}
