package dev.cordon.egress;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * Makes the proxy's threads and remembers them, so that closing the proxy can wait until each has
 * really ended: an executor reports itself terminated a moment before its last thread is gone.
 */
final class ProxyThreads implements ThreadFactory {

    private final ThreadFactory names;
    private final List<Thread> made = new ArrayList<>();

    ProxyThreads(String prefix) {
        this.names = new DefaultThreadFactory(prefix, true);
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = names.newThread(task);
        synchronized (made) {
            made.removeIf(t -> !t.isAlive() && t.getState() == Thread.State.TERMINATED);
            made.add(thread);
        }
        return thread;
    }

    /** Waits up to {@code patience} in all for every thread made here to end. */
    void awaitEnd(Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        List<Thread> threads;
        synchronized (made) {
            threads = List.copyOf(made);
        }
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                thread.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
