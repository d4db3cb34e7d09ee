package dev.cordon.spi;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

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

    /**
     * For each promise the confinement makes ({@link Promise#madeBy(Confinement)}), whether the
     * kernel keeps it when this executor runs the command, and how; or why only the policy layer
     * does. It runs nothing itself (it may rely on the {@link #probe()} result) and is cheap: the
     * registry asks before choosing. The default claims nothing, so an executor that does not
     * answer is taken at its word.
     */
    default List<Guarantee> guarantees(Confinement confinement) {
        return Promise.madeBy(confinement).stream()
                .map(promise -> Guarantee.policy(promise, "the " + id() + " executor does not enforce it"))
                .toList();
    }

    /** Kills the whole process tree of a running request; a no-op for an unknown run id. */
    default void kill(String runId) {
    }

    /**
     * Maintenance commands this executor offers to {@code cordon sandbox}, e.g. {@code setup},
     * {@code status} and {@code reset} of a dedicated WSL distribution; none by default.
     */
    default List<String> maintenanceCommands() {
        return List.of();
    }

    /**
     * Runs one of {@link #maintenanceCommands()}, reporting progress line by line.
     *
     * @return one line that sums up the outcome
     * @throws ExecutorException when the command is unknown here or fails
     */
    default String maintain(String command, Consumer<String> progress) throws ExecutorException {
        throw new ExecutorException("the " + id() + " executor has no `" + command + "` command");
    }

    /** Releases what the executor holds (temporary files, cgroups). */
    @Override
    default void close() {
    }
}
