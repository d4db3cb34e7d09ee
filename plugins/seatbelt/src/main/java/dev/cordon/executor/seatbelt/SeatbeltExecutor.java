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
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Promise;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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

    /** What the generated profile and the limits shell keep; verified on macOS only by its own probe. */
    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        Map<Promise, String> kernel = new EnumMap<>(Promise.class);
        kernel.put(Promise.WRITE_ROOTS, "file-write* allowed only beneath the write roots");
        kernel.put(Promise.METADATA, "file-write* (mode, owner, times, xattr) denied outside the write roots");
        kernel.put(Promise.READ_ROOTS, "file-read* allowed only beneath the read roots and the system");
        kernel.put(Promise.HIDDEN_PATHS, "file-read* and file-write* denied beneath them");
        kernel.put(Promise.PROTECTED_PATHS, "file-write* denied beneath them, whether they exist or not");
        if (confinement.network().mode() == NetworkPolicy.Mode.NONE) {
            kernel.put(Promise.NETWORK, "network* denied");
        }
        kernel.put(Promise.CPU_TIME, "RLIMIT_CPU set by the limits shell");
        kernel.put(Promise.FILE_SIZE, "RLIMIT_FSIZE set by the limits shell");
        return Guarantee.answer(confinement, kernel, Map.of(
                Promise.PRIVATE_TEMP, "sandbox-exec gives no temp of the run's own",
                Promise.MEMORY, "macOS ignores address-space rlimits",
                Promise.PROCESSES, "the macOS process rlimit counts every process of the user"),
                "not enforced by sandbox-exec");
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
