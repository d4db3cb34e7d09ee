package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.Placeholders;
import dev.cordon.executor.bwrap.BwrapViolations.LimitEvents;
import dev.cordon.executor.bwrap.BwrapRlimits.MemoryEnforcement;
import dev.cordon.executor.support.ExitStatus;
import dev.cordon.executor.support.ProcessRunner;
import dev.cordon.executor.support.ProcessTree;
import dev.cordon.executor.support.Requests;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.linux.CgroupEvents;
import dev.cordon.linux.Cgroups;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.Rlimits;
import dev.cordon.linux.RunCgroup;
import dev.cordon.linux.SeccompProgram;
import dev.cordon.linux.ThreadSetup;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Violation;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Runs one request under bwrap: plan, launch through the wrapper, then read what happened. */
final class BwrapRunner implements AutoCloseable {

    /** Size of the private /tmp and /dev/shm when no memory limit bounds them. */
    static final long DEFAULT_TMP_BYTES = 512L << 20;

    /** {@code Thread.isVirtual()}, present from Java 21. */
    private static final Method IS_VIRTUAL = isVirtualMethod();

    private final ProcessRunner processes = new ProcessRunner();
    private final BwrapScratch scratch = new BwrapScratch();
    private final BwrapFileSystem files;

    BwrapRunner(BwrapFileSystem files) {
        this.files = files;
    }

    /** What a run produced, with what bwrap itself reported. */
    record Run(ExecResult result, BwrapStatus status) {
    }

    Run run(BwrapHost host, ExecRequest request, OutputListener listener) throws ExecutorException {
        Limits limits = request.confinement().limits();
        MemoryEnforcement memory = host.memoryEnforcement();
        if (limits.maxProcesses() > 0 && !host.limitsProcesses()) {
            throw new ExecutorException("a process limit needs a pids cgroup, and none can be made here: "
                    + host.cgroupProblem());
        }
        try {
            // Inherited by bwrap and everything it starts, whatever the launch sets.
            Rlimits.noCoreDumpsForThisProcess();
        } catch (KernelException e) {
            throw new ExecutorException("cannot turn core dumps off: " + e.getMessage(), e);
        }
        // One view of the host for the planning: the plan and the init shell's lookup share their answers.
        BwrapFileMemo view = new BwrapFileMemo(files);
        BwrapMountPlan plan = BwrapMountPlan.plan(request.confinement(), request.cwd(), view, tmpBytes(limits));
        BwrapArguments.Init init = init(plan, view);
        Optional<BwrapNetworkFence> fence = BwrapNetworkFence.of(request.confinement().network(), host.socat(), plan, init);
        List<String> options = BwrapArguments.options(request, plan, fence);
        BwrapRlimits rlimits = BwrapRlimits.of(limits, memory);
        BwrapLaunch launch = BwrapLaunch.of(init, rlimits);
        List<String> command = BwrapArguments.command(request, init, fence, launch.initRlimits(rlimits));
        Optional<RunCgroup> cgroup = cgroup(host, request, limits, memory, launch);
        ThreadSetup setup = fence.map(BwrapNetworkFence::setup).orElse(ThreadSetup.NONE);
        try (RunCgroup ignored = cgroup.orElse(null);
                Placeholders.Reservation reservation = Placeholders.reserve(plan.placeholders(), Placeholders.Kind.EMPTY_FILE, "sandbox");
                BwrapLaunch.Start start = launch.prepare(scratch, BwrapArguments.encode(options),
                        scratch.seccomp(host.arch(), sockets(request.confinement().network())), rlimits,
                        parent(cgroup.isPresent() || setup != ThreadSetup.NONE), host.bwrap(), command, cgroup,
                        setup)) {
            ProcessBuilder builder = new ProcessBuilder(start.argv());
            // bwrap (and its wrapper) get no environment at all; the command's comes in through --setenv.
            builder.environment().clear();
            builder.directory(new File("/"));
            BwrapLaunchFiles runFiles = start.files();
            ProcessTree tree = cgroup.<ProcessTree>map(run -> run)
                    .orElseGet(() -> new BwrapTree(() -> BwrapStatus.parse(runFiles.statusText())));
            RunOutcome outcome = processes.run(builder, Requests.settings(request, start.launcher(), tree), listener);
            BwrapStatus status = BwrapStatus.parse(runFiles.statusText());
            if (outcome.ending() == RunOutcome.Ending.EXITED && !status.commandRan()) {
                return new Run(notStarted(outcome), status);
            }
            if (limitsNotSet(outcome, status)) {
                throw new ExecutorException("bwrap could not set up the sandbox: " + firstLine(outcome.stderr()));
            }
            CgroupEvents events = cgroup.map(RunCgroup::events).orElse(CgroupEvents.NONE);
            int signal = outcome.status().signal();
            LimitEvents limitEvents = new LimitEvents(events.processLimitHits() > 0,
                    events.oomKills() > 0 || (events.memoryLimitHits() > 0 && signal == ExitStatus.SIGKILL));
            BwrapViolations.Context context = new BwrapViolations.Context(request.confinement().network().mode(),
                    path -> unseen(plan, request.cwd(), path));
            List<Violation> violations = BwrapViolations.read(outcome.stderr(), signal, limitEvents, context);
            return new Run(outcome.toResult(BwrapExecutor.ID, violations, notes(request, memory)), status);
        } catch (IOException e) {
            throw new ExecutorException("cannot start bwrap: " + e.getMessage(), e);
        }
    }

    /**
     * A wrapper (see {@link BwrapLaunch#WRAPPED}) may become bwrap only when the thread that
     * starts it outlives the run: the caller's own platform thread, which blocks until the run
     * ends. A cgroup launch with the JDK's start or a network fence's setup starts from a thread
     * of its own, and a virtual thread's carrier may be retired while the run goes on.
     */
    private static BwrapWrapper.Parent parent(boolean ownThread) {
        return ownThread || isVirtual(Thread.currentThread()) ? BwrapWrapper.Parent.WAIT : BwrapWrapper.Parent.EXEC;
    }

    private static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false; // before Java 21 every thread is a platform thread
        }
        try {
            return (Boolean) IS_VIRTUAL.invoke(thread);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // unknown: take the choice that is safe either way
        }
    }

    private static Method isVirtualMethod() {
        try {
            return Thread.class.getMethod("isVirtual");
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static BwrapArguments.Init init(BwrapMountPlan plan, BwrapFileSystem view) {
        Path shell;
        try {
            shell = view.realPath(Path.of(BwrapArguments.INIT_SHELL));
        } catch (IllegalArgumentException e) {
            return BwrapArguments.Init.COMMAND;
        }
        return view.kind(shell) == BwrapFileSystem.Kind.FILE && plan.exposes(shell)
                ? BwrapArguments.Init.SHELL
                : BwrapArguments.Init.COMMAND;
    }

    /**
     * Whether {@code text} names a host path the sandbox did not show: one that exists on the host
     * (or whose directory does, for a file being created) outside every visible root.
     */
    boolean unseen(BwrapMountPlan plan, Path cwd, String text) {
        try {
            Path path = cwd.resolve(text).normalize();
            Path real = files.realPath(path);
            if (BwrapMountPlan.isSynthetic(real) || plan.exposes(real)) {
                return false;
            }
            if (files.kind(real) != BwrapFileSystem.Kind.MISSING) {
                return true;
            }
            // A new file in a host directory the command cannot see; the private temp folders
            // themselves exist inside, so a file missing there is just missing.
            Path parent = real.getParent();
            return parent != null && !BwrapMountPlan.isPrivateTemp(parent)
                    && files.kind(parent) == BwrapFileSystem.Kind.DIRECTORY;
        } catch (RuntimeException e) {
            return false; // not a path at all
        }
    }

    /** Kills the whole sandbox of a running request. */
    void cancel(String runId) {
        processes.cancel(runId);
    }

    /** Removes the executor's private files. */
    @Override
    public void close() {
        scratch.close();
    }

    /**
     * A cgroup only when a limit needs one: moving a process into a cgroup costs the kernel an RCU
     * grace period (milliseconds), and without limits the PID namespace already ends every process
     * of the sandbox with bwrap.
     */
    /**
     * The init shell could not set the rlimits, so the command did not run. Only the init shell
     * prints that line and exits with that status before the command starts; a command that
     * imitates both only makes its own run look like a failed set-up.
     */
    private static boolean limitsNotSet(RunOutcome outcome, BwrapStatus status) {
        return status.exitCode().orElse(0) == BwrapArguments.LIMITS_FAILED_STATUS
                && outcome.stderr().lines().anyMatch(BwrapArguments.LIMITS_FAILED::equals);
    }

    private static Optional<RunCgroup> cgroup(BwrapHost host, ExecRequest request, Limits limits, MemoryEnforcement memory,
            BwrapLaunch launch) throws ExecutorException {
        long memoryBytes = memory == MemoryEnforcement.CGROUP ? limits.memoryBytes() : 0;
        // Without a cpu controller the share is a gap the guarantees name; the run goes on only
        // when the profile accepts that (enforce: best-effort).
        int cpuPercent = host.cgroups().filter(Cgroups::limitsCpu).isPresent() ? limits.cpuPercent() : 0;
        if (host.cgroups().isEmpty() || (limits.maxProcesses() <= 0 && memoryBytes <= 0 && cpuPercent <= 0)) {
            return Optional.empty();
        }
        // bwrap, the sandbox's init (and a waiting wrapper) count too; the command keeps its full share.
        int processes = limits.maxProcesses() > 0 ? limits.maxProcesses() + launch.sandboxProcesses() : 0;
        Limits cgroupLimits = new Limits(processes, memoryBytes, limits.cpuSeconds(), limits.fileSizeBytes(), cpuPercent,
                0, 0);
        try {
            return Optional.of(host.cgroups().get().create(request.runId(), cgroupLimits));
        } catch (KernelException e) {
            throw new ExecutorException("cannot make the run's cgroup: " + e.getMessage(), e);
        }
    }

    /**
     * bwrap refused before the command ran: a mount it could not make, namespaces it may not
     * create, or a program it could not execute. Only the last is the command's own failure.
     */
    private static ExecResult notStarted(RunOutcome outcome) throws ExecutorException {
        String message = firstLine(outcome.stderr());
        if (message.startsWith("bwrap: execvp ")) {
            int exitCode = message.endsWith("Permission denied") ? 126 : 127;
            RunOutcome failed = new RunOutcome(new ExitStatus(exitCode, 0), outcome.ending(), outcome.timeout(),
                    outcome.stdout(), outcome.stderr(), outcome.stdoutBytes(), outcome.stderrBytes(),
                    outcome.outputLimitBytes(), outcome.usage(), outcome.notes());
            return failed.toResult(BwrapExecutor.ID, List.of(), List.of("the program could not be started inside the sandbox"));
        }
        throw new ExecutorException("bwrap could not set up the sandbox: "
                + (message.isEmpty() ? "it exited with status " + outcome.status().exitCode() : message));
    }

    private static List<String> notes(ExecRequest request, MemoryEnforcement memory) {
        List<String> notes = new ArrayList<>();
        if (request.confinement().network().mode() == NetworkPolicy.Mode.FULL) {
            notes.add("the command shared the host's network, as the profile allows");
            if (!request.confinement().network().deny().isEmpty()) {
                notes.add("the denied destinations (`" + String.join("`, `", request.confinement().network().deny())
                        + "`) are refused by the policy, not by the kernel");
            }
        }
        if (request.confinement().limits().memoryBytes() > 0 && memory == MemoryEnforcement.ADDRESS_SPACE) {
            notes.add("memory was limited per process (address space), not for the whole tree: no memory cgroup is available");
        }
        return notes;
    }

    private static SeccompProgram.Sockets sockets(NetworkPolicy network) {
        // With the network off only local IPC sockets remain useful; the namespace already has no route out.
        // An allow-list needs TCP to the bridge on loopback; other families (vsock, packet) are not
        // held by the network namespace, so they stay refused.
        return switch (network.mode()) {
            case NONE -> SeccompProgram.Sockets.UNIX_ONLY;
            case ALLOW_LIST -> SeccompProgram.Sockets.UNIX_AND_IP;
            case FULL -> SeccompProgram.Sockets.ALL;
        };
    }

    /** The profile's temp size; else the memory limit, which the tmpfs pages count against anyway. */
    private static long tmpBytes(Limits limits) {
        if (limits.tempBytes() > 0) {
            return limits.tempBytes();
        }
        return limits.memoryBytes() > 0 ? limits.memoryBytes() : DEFAULT_TMP_BYTES;
    }

    private static String firstLine(String text) {
        String line = text.strip();
        int newline = line.indexOf('\n');
        line = newline >= 0 ? line.substring(0, newline) : line;
        return line.length() > 300 ? line.substring(0, 300) : line;
    }
}
