package dev.cordon.executor.support;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link ProcessRunner} runs one command.
 *
 * @param runId identifies the run for {@link ProcessRunner#cancel(String)}
 * @param timeout wall-clock limit; zero or negative means none
 * @param outputLimitBytes bytes of stdout and of stderr each that are kept
 * @param launcher starts the process
 * @param tree finds and kills every process of the run
 */
public record RunSettings(String runId, Duration timeout, long outputLimitBytes, Launcher launcher, ProcessTree tree) {

    public RunSettings {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(launcher, "launcher");
        Objects.requireNonNull(tree, "tree");
        timeout = timeout == null ? Duration.ZERO : timeout;
        if (outputLimitBytes < 0) {
            throw new IllegalArgumentException("output limit is negative: " + outputLimitBytes);
        }
    }

    /** Whether a wall-clock limit applies. */
    public boolean hasTimeout() {
        return timeout.compareTo(Duration.ZERO) > 0;
    }
}
