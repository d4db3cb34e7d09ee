package dev.cordon.executor.landlock;

import dev.cordon.executor.support.DescendantTree;
import dev.cordon.executor.support.Launcher;
import dev.cordon.executor.support.Placeholders;
import dev.cordon.executor.support.ProcessRunner;
import dev.cordon.executor.support.ProcessTree;
import dev.cordon.executor.support.Requests;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.linux.CgroupEvents;
import dev.cordon.linux.Cgroups;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.Landlock;
import dev.cordon.linux.LandlockRuleset;
import dev.cordon.linux.NativeSpawn;
import dev.cordon.linux.Rlimits;
import dev.cordon.linux.RunCgroup;
import dev.cordon.linux.SeccompProgram;
import dev.cordon.linux.Spawner;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.Limits;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Violation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Landlock + seccomp + rlimits + cgroups, applied to a dedicated spawning thread so that only the
 * child inherits them; no helper binary and no second JVM. See {@code docs/executors/landlock.md}.
 */
public final class LandlockExecutor implements Executor {

    /** Above {@code local}, below {@code bwrap}, which adds fresh mount, PID and network namespaces. */
    public static final int PRIORITY = 100;

    private final ProcessRunner runner = new ProcessRunner();
    private final java.util.Map<SeccompProgram.Sockets, byte[]> filters = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile LandlockHost host;
    private volatile Probe probe;

    @Override
    public String id() {
        return "landlock";
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public Set<Capability> capabilities() {
        Set<Capability> capabilities = EnumSet.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION,
                Capability.NETWORK_ISOLATION);
        if (host().containsTrees()) {
            capabilities.add(Capability.PROCESS_TREE);
        }
        if (host().limitsResources()) {
            capabilities.add(Capability.RESOURCE_LIMITS);
        }
        if (host().fencesAllowLists()) {
            capabilities.add(Capability.NETWORK_ALLOW_LIST);
        }
        return capabilities;
    }

    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        return LandlockGuarantees.of(confinement, host());
    }

    @Override
    public Probe probe() {
        Probe result = probe;
        if (result == null) {
            result = LandlockProbe.run(this, host());
            probe = result;
        }
        return result;
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        LandlockHost machine = host();
        Optional<String> unusable = machine.unusable();
        if (unusable.isPresent()) {
            throw new ExecutorException(unusable.get());
        }
        Confinement confinement = request.confinement();
        if (confinement == null) {
            throw new ExecutorException("landlock needs a confinement to enforce");
        }
        List<String> networkNotes = LandlockNetwork.check(confinement.network());
        Optional<LandlockNetworkFence> fence = LandlockNetworkFence.of(confinement.network());
        disableCoreDumps();
        Limits limits = confinement.limits();
        RunCgroup cgroup = createCgroup(machine, request.runId(), limits);
        try (LandlockTemp temp = machine.mounts() ? LandlockTemp.mounted() : LandlockTemp.directory(request.runId())) {
            requireVisible(request.cwd(), confinement, temp);
            LandlockRlimits.MemoryEnforcement memory = cgroup != null && machine.cgroups().orElseThrow().limitsMemory()
                    ? LandlockRlimits.MemoryEnforcement.CGROUP : LandlockRlimits.MemoryEnforcement.ADDRESS_SPACE;
            List<LandlockGrant> implicit = implicitGrants(cgroup, LandlockRlimits.needsShell(limits, memory));
            LandlockPlan plan = LandlockPlan.build(withTemp(confinement, temp), machine.abi(), implicit,
                    machine.mounts() ? LandlockPlan.InsideWriteRoots.MOUNTED : LandlockPlan.InsideWriteRoots.CARVED);
            Optional<LandlockMounts.Layout> layout = machine.mounts()
                    ? Optional.of(LandlockMounts.plan(confinement, implicitWrites(implicit), temp))
                    : Optional.empty();
            try (Placeholders.Reservation reserved = Placeholders.reserve(
                    layout.map(LandlockMounts.Layout::placeholders).orElse(List.of()), Placeholders.Kind.EMPTY_FILE, "sandbox")) {
                byte[] filter = filters.computeIfAbsent(plan.sockets(),
                        sockets -> SeccompProgram.build(machine.arch().orElseThrow(), sockets));
                LandlockConfiner confiner = new LandlockConfiner(plan, filter, layout.map(LandlockMounts.Layout::namespace),
                        fence);
                Launcher confined = cgroup != null ? cgroup.launcher(confiner) : builder -> Spawner.start(builder, confiner);
                ProcessTree tree = cgroup != null ? cgroup : new DescendantTree();
                Launcher launcher = builder -> {
                    if (LandlockRlimits.needsShell(limits, memory)) {
                        builder.command(LandlockRlimits.wrap(builder.command(), limits, memory));
                    }
                    return confined.launch(builder);
                };
                RunOutcome outcome = run(withTmpdir(request, temp.dir()), listener, launcher, tree);
                CgroupEvents events = cgroup != null ? cgroup.events() : CgroupEvents.NONE;
                List<Violation> violations = LandlockEvidence.read(outcome, plan, request.cwd(), limits, events,
                        temp.mountedFolders());
                List<String> notes = new ArrayList<>(notes(machine));
                notes.addAll(networkNotes);
                return outcome.toResult(id(), violations, notes);
            }
        } finally {
            if (cgroup != null) {
                cgroup.close();
            }
        }
    }

    /** The confinement the rules enforce: the request's, plus the run's private temp as a write root. */
    private static Confinement withTemp(Confinement confinement, LandlockTemp temp) {
        List<Path> reads = new ArrayList<>(confinement.readRoots());
        List<Path> writes = new ArrayList<>(confinement.writeRoots());
        reads.removeAll(LandlockTemp.SHARED);
        writes.removeAll(LandlockTemp.SHARED);
        writes.addAll(temp.writeRoots());
        return new Confinement(confinement.workspace(), reads, writes, confinement.readOnlyPaths(),
                confinement.hiddenPaths(), confinement.network(), confinement.limits());
    }

    /**
     * The child starts in its working directory, which must show inside: else the start fails
     * with the program's ENOENT, a message that would blame the program.
     */
    private static void requireVisible(Path cwd, Confinement confinement, LandlockTemp temp) throws ExecutorException {
        Path real;
        try {
            real = cwd.toRealPath();
        } catch (IOException e) {
            throw new ExecutorException("working directory `" + cwd + "` does not exist", e);
        }
        if (temp.mountedFolders().contains(real)) {
            return; // a fresh temp file system: nothing of the host's below it shows
        }
        List<Path> visible = new ArrayList<>(confinement.readRoots());
        visible.addAll(confinement.writeRoots());
        for (Path root : visible) {
            Path resolved;
            try {
                resolved = root.toRealPath();
            } catch (IOException e) {
                continue;
            }
            if (real.startsWith(resolved)) {
                return;
            }
        }
        throw new ExecutorException("working directory `" + cwd + "` is outside every root the command may read");
    }

    /** The request with {@code TMPDIR} naming the run's private temp. */
    private static ExecRequest withTmpdir(ExecRequest request, Path tmpdir) {
        Map<String, String> env = new HashMap<>(request.env());
        env.put("TMPDIR", tmpdir.toString());
        return new ExecRequest(request.runId(), request.argv(), request.cwd(), env, request.confinement(),
                request.timeout(), request.outputLimitBytes());
    }

    /** Files outside the roots the child must write to start (a v2 cgroup's {@code cgroup.procs}). */
    private static List<Path> implicitWrites(List<LandlockGrant> implicit) {
        return implicit.stream().filter(grant -> (grant.rights() & Landlock.WRITE_FILE) != 0)
                .map(LandlockGrant::path).filter(path -> !path.startsWith("/dev")).toList();
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    /** Removes the cgroup prepared for the next run and finishes pending cleanup. */
    @Override
    public void close() {
        LandlockHost machine = host;
        if (machine != null) {
            machine.cgroups().ifPresent(Cgroups::close);
        }
    }

    private RunOutcome run(ExecRequest request, OutputListener listener, Launcher launcher, ProcessTree tree)
            throws ExecutorException {
        try {
            return runner.run(Requests.processBuilder(request), Requests.settings(request, launcher, tree), listener);
        } catch (IOException e) {
            if (e.getCause() instanceof KernelException kernel) {
                throw new ExecutorException("cannot confine `" + request.argv().get(0) + "`: " + kernel.getMessage(), e);
            }
            throw new ExecutorException(Requests.startFailure(request, e), e);
        } catch (IllegalArgumentException e) {
            throw new ExecutorException(e.getMessage(), e);
        }
    }

    private static RunCgroup createCgroup(LandlockHost machine, String runId, Limits limits) throws ExecutorException {
        if (machine.cgroups().isEmpty()) {
            // RLIMIT_NPROC counts every process of the user and none of root's: only a cgroup will do.
            if (limits.maxProcesses() > 0) {
                throw new ExecutorException("cannot limit processes without a cgroup: " + machine.cgroupProblem());
            }
            return null;
        }
        try {
            // Without a cpu controller the share is a gap the guarantees name; the run goes on only
            // when the profile accepts that (enforce: best-effort).
            Limits enforceable = machine.cgroups().get().limitsCpu() ? limits : limits.withCpuPercent(0);
            return machine.cgroups().get().create(runId, enforceable);
        } catch (KernelException e) {
            throw new ExecutorException("cannot create the run's cgroup: " + e.getMessage(), e);
        }
    }

    /** What starting the child needs beyond the policy's roots. */
    private static List<LandlockGrant> implicitGrants(RunCgroup cgroup, boolean limitingShell) {
        List<LandlockGrant> grants = new ArrayList<>();
        if (NativeSpawn.unavailable().isPresent()) {
            // The JDK starts the child through jspawnhelper, which then executes the command.
            Path javaLib = Path.of(System.getProperty("java.home"), "lib");
            grants.add(new LandlockGrant(javaLib.resolve("jspawnhelper"), Landlock.READ_FILE | Landlock.EXECUTE,
                    LandlockRuleset.Links.FOLLOW));
        }
        // stdin is opened on the confined thread.
        grants.add(new LandlockGrant(Path.of("/dev/null"), Landlock.READ_FILE | Landlock.WRITE_FILE,
                LandlockRuleset.Links.FOLLOW));
        Optional<Path> placement = cgroup == null ? Optional.empty() : cgroup.childNeeds();
        if (limitingShell || placement.isPresent()) {
            grants.add(new LandlockGrant(Path.of(LandlockRlimits.SHELL), Landlock.READ_FILE | Landlock.EXECUTE,
                    LandlockRuleset.Links.FOLLOW));
        }
        placement.ifPresent(procs -> grants.add(new LandlockGrant(procs, Landlock.WRITE_FILE, LandlockRuleset.Links.FOLLOW)));
        return grants;
    }

    private static List<String> notes(LandlockHost machine) {
        if (machine.containsTrees()) {
            return List.of();
        }
        return List.of("landlock executor: no cgroup (" + machine.cgroupProblem()
                + "); processes that detach from the command may outlive it");
    }

    private LandlockHost host() {
        LandlockHost result = host;
        if (result == null) {
            synchronized (this) {
                if (host == null) {
                    host = LandlockHost.detect();
                }
                result = host;
            }
        }
        return result;
    }

    /** Once per process before the first run; without it no command runs. */
    private static void disableCoreDumps() throws ExecutorException {
        try {
            Rlimits.noCoreDumpsForThisProcess();
        } catch (KernelException e) {
            throw new ExecutorException("cannot turn core dumps off: " + e.getMessage(), e);
        }
    }
}
