package dev.cordon.executor.wsl;

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
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs commands inside a dedicated WSL 2 distribution on Windows. What it gives is a clean,
 * resettable Linux to install into, away from the host and the user's own distributions — not
 * confinement: the Windows drives are mounted read-write under {@code /mnt}, so it claims no
 * capability, and the policy makes a human see shell commands it would run (forced ASK).
 */
public final class WslExecutor implements Executor {

    /** Above {@code local} only: a separate Linux, but no isolation of files or network. */
    public static final int PRIORITY = 10;

    static final String NO_WRITE_ISOLATION = "wsl executor: no write isolation; the command can change anything the"
            + " Windows user can under /mnt";

    /** What {@code cordon sandbox} can do with the distribution. */
    static final List<String> MAINTENANCE = List.of("setup", "status", "reset");

    private final WslHost host;
    private final WslRunner wsl;
    private final ProcessRunner runner = new ProcessRunner();

    public WslExecutor() {
        this(WslHost.current());
    }

    WslExecutor(WslHost host) {
        this(host, new WslProcesses(WslProcesses.environment(host.environment())));
    }

    /** @param wsl runs this executor's own wsl.exe calls: setup, status, reset, the probe */
    WslExecutor(WslHost host, WslRunner wsl) {
        this.host = host;
        this.wsl = wsl;
    }

    @Override
    public String id() {
        return "wsl";
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
        return WslProbe.probe(host, wsl);
    }

    @Override
    public List<String> maintenanceCommands() {
        return MAINTENANCE;
    }

    @Override
    public String maintain(String command, Consumer<String> progress) throws ExecutorException {
        if (!MAINTENANCE.contains(command)) {
            throw new ExecutorException("the wsl executor has no `" + command + "` command; it has " + String.join(", ", MAINTENANCE));
        }
        WslLifecycle lifecycle = WslLifecycle.of(host, wsl);
        switch (command) {
            case "setup" -> lifecycle.setup(progress);
            case "reset" -> lifecycle.reset(progress);
            default -> {
                // status only reads
            }
        }
        return lifecycle.status();
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        if (!host.isWindows()) {
            throw new ExecutorException(host.notWindows());
        }
        Confinement confinement = request.confinement();
        if (confinement == null) {
            throw new ExecutorException("wsl needs the request's workspace to check its working directory");
        }
        Path file = host.distroFile().orElseThrow(() -> new ExecutorException(
                "cannot locate the distro file: neither `cordon.home` nor CORDON_WSL_DISTRO is set"));
        WslDistro distro = WslDistroFile.read(file);
        List<String> argv = WslCommands.run(host.wslExe(), distro, confinement.workspace().toString(), request.cwd().toString(),
                request.env(), confinement.limits(), request.argv());
        ProcessBuilder builder = new WslProcesses(WslProcesses.environment(host.environment())).builder(argv);
        builder.directory(request.cwd().toFile());
        RunOutcome outcome;
        try {
            outcome = runner.run(builder, Requests.settings(request, Launcher.DIRECT, new DescendantTree()), listener);
        } catch (IOException e) {
            throw new ExecutorException("cannot start `" + host.wslExe() + "`: " + e.getMessage(), e);
        }
        return outcome.toResult(id(), List.of(), notes(confinement));
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    static List<String> notes(Confinement confinement) {
        List<String> notes = new ArrayList<>();
        notes.add(NO_WRITE_ISOLATION);
        if (confinement.network().mode() != NetworkPolicy.Mode.FULL) {
            notes.add("wsl executor: network policy " + confinement.network().mode().name().toLowerCase(java.util.Locale.ROOT)
                    + " not enforced");
        }
        notes.addAll(WslLimits.notes(confinement.limits()));
        return notes;
    }
}
