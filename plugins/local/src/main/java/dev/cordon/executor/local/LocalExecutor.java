package dev.cordon.executor.local;

import dev.cordon.executor.support.DescendantTree;
import dev.cordon.executor.support.Launcher;
import dev.cordon.executor.support.ProcessRunner;
import dev.cordon.executor.support.Requests;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs commands as plain child processes: no isolation at all, and every result says so. It
 * still caps output, honours the timeout and kills the descendants it can see.
 */
public final class LocalExecutor implements Executor {

    /** Lowest of the built-in executors: chosen only when nothing that isolates is needed. */
    public static final int PRIORITY = 0;

    static final String NO_ISOLATION = "local executor: no isolation; the command could read, write and connect to "
            + "anything the user running cordon can";

    private final ProcessRunner runner = new ProcessRunner();

    @Override
    public String id() {
        return "local";
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public Probe probe() {
        return new Probe(true, "runs commands without any isolation", Map.of("isolation", "none"),
                List.of("timeout (kills the descendants it can see; a double-forked process can escape)",
                        "output limit"));
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        RunOutcome outcome;
        try {
            outcome = runner.run(Requests.processBuilder(request), Requests.settings(request, Launcher.DIRECT,
                    new DescendantTree()), listener);
        } catch (IOException e) {
            throw new ExecutorException(Requests.startFailure(request, e), e);
        } catch (IllegalArgumentException e) {
            throw new ExecutorException(e.getMessage(), e);
        }
        return outcome.toResult(id(), List.of(), notes(request.confinement()));
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    private static List<String> notes(Confinement confinement) {
        List<String> notes = new ArrayList<>();
        notes.add(NO_ISOLATION);
        if (confinement == null) {
            return notes;
        }
        if (confinement.network().mode() != NetworkPolicy.Mode.FULL) {
            notes.add("local executor: network policy " + confinement.network().mode().name().toLowerCase(java.util.Locale.ROOT)
                    + " not enforced");
        }
        if (!confinement.limits().equals(Limits.NONE)) {
            notes.add("local executor: resource limits not enforced");
        }
        return notes;
    }
}
