package dev.cordon.spi;

import java.util.Set;

/**
 * An executor runs one allowed command under some form of isolation. Implementations are found
 * with {@link java.util.ServiceLoader} from their own jar; they need a public no-argument
 * constructor and must do no work in it (the registry may construct executors it never uses).
 */
public interface Executor extends AutoCloseable {

    /** Stable identifier used in profiles and on the command line, e.g. {@code landlock}. */
    String id();

    /** Higher wins when several available executors meet a profile's needs. */
    default int priority() {
        return 0;
    }

    /** What this executor can enforce when it is available. */
    Set<Capability> capabilities();

    /**
     * Decides availability by confining a trivial command and checking that the confinement held.
     * Called at most once per process by the registry; must not throw.
     */
    Probe probe();

    /**
     * Runs the request and blocks until the command (and every process it started) has ended or
     * been killed. Output is captured up to the request's limit and also streamed to the listener.
     *
     * @throws ExecutorException when the confinement cannot be set up; the command must not have
     *     run in that case
     */
    ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException;

    /** Kills the whole process tree of a running request; a no-op for an unknown run id. */
    default void kill(String runId) {
    }

    /** Releases what the executor holds (temporary files, cgroups). */
    @Override
    default void close() {
    }
}
