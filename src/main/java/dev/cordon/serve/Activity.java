package dev.cordon.serve;

import java.util.concurrent.atomic.AtomicLong;

/** When the service last answered anyone: a service started for hooks stops after a quiet spell. */
final class Activity {

    private final AtomicLong last = new AtomicLong(System.nanoTime());

    void touch() {
        last.set(System.nanoTime());
    }

    long idleMillis() {
        return (System.nanoTime() - last.get()) / 1_000_000;
    }
}
