package dev.cordon.linux;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One child started on a dedicated thread for the thread that asked for it. The dedicated thread
 * applies the setup (whatever it changes, the child inherits) and starts the child; with the
 * {@link NativeSpawn native spawn} it then stays, as the child's parent thread, until the child
 * has ended and reaps it. With the JDK's start it ends right away (the JDK reaps).
 */
final class ChildStart {

    /** Loaded while the asking thread is still unconfined: the spawning thread may not read the jars. */
    private static final boolean NATIVE = warmUp();

    private final ProcessBuilder builder;
    private final List<NativeSpawn.Inherited> inherited;
    private final ThreadSetup setup;
    private final CompletableFuture<Process> started = new CompletableFuture<>();

    ChildStart(ProcessBuilder builder, List<NativeSpawn.Inherited> inherited, ThreadSetup setup) {
        NativeSpawn.checkContiguous(inherited);
        this.builder = builder;
        this.inherited = List.copyOf(inherited);
        this.setup = setup;
    }

    /** Whether children are started with {@code posix_spawn} here (else by the JDK). */
    static boolean nativeSpawn() {
        return NATIVE;
    }

    private static boolean warmUp() {
        boolean available = NativeSpawn.unavailable().isEmpty();
        if (available) {
            for (Class<?> type : List.of(SpawnedProcess.class, PipeInputStream.class, Scratch.class)) {
                try {
                    Class.forName(type.getName(), true, type.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return available;
    }

    /** On the dedicated thread: returns once the child has ended (native) or has started (JDK). */
    void run() {
        Process process;
        try {
            setup.apply();
            if (nativeSpawn()) {
                process = NativeSpawn.start(builder, inherited);
            } else if (inherited.isEmpty()) {
                process = builder.start();
            } else {
                throw new IOException("descriptors above 2 need the native spawn: " + NativeSpawn.unavailable().orElseThrow());
            }
        } catch (KernelException | IOException | RuntimeException | Error e) {
            started.completeExceptionally(e);
            return;
        }
        started.complete(process);
        if (process instanceof SpawnedProcess spawned) {
            spawned.reap();
        }
    }

    /**
     * On the asking thread: the started child, or the setup's or the start's failure as an
     * {@link IOException}. Waits through interrupts (the child may be starting right now; leaving
     * would lose it) and keeps the interrupt.
     */
    Process await() throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Process process = started.get();
                    if (process instanceof SpawnedProcess spawned) {
                        spawned.adopt();
                    }
                    return process;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw Spawner.asIOException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
