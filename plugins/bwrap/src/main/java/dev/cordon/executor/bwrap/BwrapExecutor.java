package dev.cordon.executor.bwrap;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Runs commands under bubblewrap: fresh user, mount, PID, IPC, UTS, cgroup and network namespaces;
 * only the profile's roots visible, read-only unless writable; secrets masked; no capabilities; a
 * seccomp filter; rlimits; and a cgroup for the process and memory limits of the whole tree.
 *
 * <p>Its priority is above {@code landlock}: both confine the file system, but bwrap also gives
 * the command its own network and PID namespaces and shows it nothing outside its roots, at the
 * price of a few milliseconds per command.
 */
public final class BwrapExecutor implements Executor {

    public static final String ID = "bwrap";
    public static final int PRIORITY = 200;

    private static final Map<Optional<Path>, BwrapProbe.Outcome> PROBED = new ConcurrentHashMap<>();

    private final Supplier<Optional<Path>> binary;
    private final BwrapRunner runner;
    private BwrapProbe.Outcome probed;

    public BwrapExecutor() {
        this(() -> BwrapBinary.locate(System.getenv("PATH")), new BwrapHostFileSystem());
    }

    BwrapExecutor(Supplier<Optional<Path>> binary, BwrapFileSystem files) {
        this.binary = binary;
        this.runner = new BwrapRunner(files);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    /** What the probe confirmed on this machine; empty when bwrap is unavailable. */
    @Override
    public Set<Capability> capabilities() {
        return outcome().capabilities();
    }

    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        return BwrapGuarantees.of(confinement, outcome());
    }

    @Override
    public Probe probe() {
        return outcome().probe();
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        BwrapProbe.Outcome outcome = outcome();
        BwrapHost host = outcome.host().orElseThrow(
                () -> new ExecutorException("the bwrap executor is not available: " + outcome.probe().summary()));
        return runner.run(host, request, listener).result();
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    @Override
    public void close() {
        runner.close();
    }

    /**
     * The probe runs on first need (the constructor must stay free of work) and once per bwrap
     * binary and process: what it checks is a property of the machine, not of an instance.
     */
    private synchronized BwrapProbe.Outcome outcome() {
        if (probed == null) {
            Optional<Path> located = binary.get();
            probed = PROBED.computeIfAbsent(located, path -> BwrapProbe.run(runner, path));
        }
        return probed;
    }
}
