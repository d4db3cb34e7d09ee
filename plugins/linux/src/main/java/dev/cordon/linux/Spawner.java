package dev.cordon.linux;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts a child from a new, short-lived platform thread. Landlock, seccomp, no-new-privs,
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
     * message.
     */
    public static Process start(ProcessBuilder builder, ThreadSetup setup) throws IOException {
        AtomicReference<Process> started = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                setup.apply();
                started.set(builder.start());
            } catch (KernelException | IOException | RuntimeException | Error e) {
                failure.set(e);
            }
        }, "cordon-spawn");
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                // The child may be starting right now; leaving would lose it.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable error = failure.get();
        if (error != null) {
            throw asIOException(error);
        }
        return started.get();
    }

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
