package dev.cordon.executor.seatbelt;

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
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.util.Set;

/**
 * Runs commands on macOS under {@code sandbox-exec} with a Seatbelt profile generated from the
 * request's confinement. Files and network are confined by the kernel; CPU time and file size
 * by rlimits; memory and process count are not limited, and the process tree is followed only
 * as far as its descendants can be seen, so neither {@code RESOURCE_LIMITS} nor {@code
 * PROCESS_TREE} is claimed.
 */
public final class SeatbeltExecutor implements Executor {

    /** The native sandbox of macOS; ranks with {@code landlock} on Linux. */
    public static final int PRIORITY = 100;

    private final SeatbeltHost host;
    private final ProcessRunner runner = new ProcessRunner();

    public SeatbeltExecutor() {
        this(SeatbeltHost.current());
    }

    SeatbeltExecutor(SeatbeltHost host) {
        this.host = host;
    }

    @Override
    public String id() {
        return "seatbelt";
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION, Capability.NETWORK_ISOLATION);
    }

    @Override
    public Probe probe() {
        return SeatbeltProbe.probe(host, request -> execute(request, OutputListener.NONE));
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        if (!host.isMacOs()) {
            throw new ExecutorException(host.notMacOs());
        }
        if (request.confinement() == null) {
            throw new ExecutorException("seatbelt needs a confinement to generate its profile");
        }
        Confinement confinement = SeatbeltRealPaths.resolve(request.confinement());
        String profile = SeatbeltProfile.render(confinement);
        ProcessBuilder builder = Requests.processBuilder(request);
        builder.command(SeatbeltCommand.argv(host.sandboxExec(), profile, confinement.limits(), request.argv()));
        RunOutcome outcome;
        try {
            outcome = runner.run(builder, Requests.settings(request, Launcher.DIRECT, new DescendantTree()), listener);
        } catch (IOException e) {
            throw new ExecutorException(Requests.startFailure(request, e), e);
        } catch (IllegalArgumentException e) {
            throw new ExecutorException(e.getMessage(), e);
        }
        return outcome.toResult(id(), SeatbeltViolations.read(outcome.stderr(), confinement),
                SeatbeltLimits.unenforced(confinement.limits()));
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }
}
