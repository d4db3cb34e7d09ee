package dev.cordon.executor.support;

import java.time.Duration;
import java.util.Optional;

/**
 * Every process of one run, however it detached itself. A cgroup knows them exactly; {@link
 * DescendantTree} follows parent links as a portable fallback.
 */
public interface ProcessTree {

    /** Called once, right after the root process started. */
    default void attach(Process root) {
    }

    /** Called about every {@link ProcessRunner#SAMPLE_INTERVAL} while the root runs. */
    default void sample() {
    }

    /** Kills every process of the run and returns when none is left or it had to give up. */
    void killAll();

    /** User plus system CPU time of the whole run, when this tree can measure it. */
    default Optional<Duration> cpu() {
        return Optional.empty();
    }

    /** Peak memory of the run in bytes, or 0 when unknown. */
    default long peakMemoryBytes() {
        return 0;
    }
}
