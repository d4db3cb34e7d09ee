package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code cordon sandbox setup | status | reset}: the life of the dedicated distribution. Setup
 * fetches and checks the root file system, imports it, runs the pre-install commands and the
 * package install as root, then writes {@code /etc/wsl.conf} and the marker the probe looks for —
 * last, so a setup that stopped half-way is never taken for a working one. Reset unregisters the
 * distribution (everything installed in it is gone; the Windows drives are untouched) and sets it
 * up again.
 */
public final class WslLifecycle {

    /** Package installs download; give them time. */
    static final Duration STEP_LIMIT = Duration.ofMinutes(30);
    static final Duration QUERY_LIMIT = Duration.ofSeconds(30);

    private final WslHost host;
    private final WslRunner runner;
    private final WslDistro distro;

    WslLifecycle(WslHost host, WslRunner runner, WslDistro distro) {
        this.host = host;
        this.runner = runner;
        this.distro = distro;
    }

    /** The lifecycle of the distro file in use on this machine. */
    public static WslLifecycle onThisMachine() throws ExecutorException {
        WslHost host = WslHost.current();
        return of(host, new WslProcesses(WslProcesses.environment(host.environment())));
    }

    static WslLifecycle of(WslHost host, WslRunner runner) throws ExecutorException {
        if (!host.isWindows()) {
            throw new ExecutorException(host.notWindows());
        }
        Path file = host.distroFile().orElseThrow(() -> new ExecutorException(
                "cannot locate the distro file: neither `cordon.home` nor CORDON_WSL_DISTRO is set"));
        return new WslLifecycle(host, runner, WslDistroFile.read(file));
    }

    public WslDistro distro() {
        return distro;
    }

    /** Sets the distribution up; refuses when it already exists. */
    public void setup(Consumer<String> progress) throws ExecutorException {
        if (registered().isPresent()) {
            throw new ExecutorException("distro `" + distro.name() + "` is already set up; `cordon sandbox reset` sets it up anew");
        }
        progress.accept("fetching " + distro.rootfs());
        Path tarball = WslRootfs.fetch(distro.rootfs(), distro.sha256(), host.cacheDir());
        List<List<String>> steps = WslCommands.setup(host.wslExe(), distro, host.installDir(distro).toString(), tarball.toString());
        for (List<String> step : steps) {
            progress.accept(describe(step));
            WslRunner.Reply reply = call(step, STEP_LIMIT);
            if (!reply.ok()) {
                throw new ExecutorException("setup of `" + distro.name() + "` failed at `" + describe(step) + "` (exit "
                        + reply.exitCode() + "): " + reply.firstError() + "; `cordon sandbox reset` starts over");
            }
        }
        progress.accept("distro `" + distro.name() + "` is ready");
    }

    /** One line: whether the distribution exists, its state and WSL version. */
    public String status() throws ExecutorException {
        return registered().map(WslStatus::describe)
                .orElse("distro `" + distro.name() + "` is not set up; run `cordon sandbox setup`");
    }

    /** Deletes the distribution with everything installed in it, then sets it up again. */
    public void reset(Consumer<String> progress) throws ExecutorException {
        if (registered().isPresent()) {
            List<String> unregister = WslCommands.unregister(host.wslExe(), distro);
            progress.accept(describe(unregister));
            WslRunner.Reply reply = call(unregister, STEP_LIMIT);
            if (!reply.ok()) {
                throw new ExecutorException("cannot remove distro `" + distro.name() + "`: " + reply.firstError());
            }
        }
        setup(progress);
    }

    Optional<WslStatus> registered() throws ExecutorException {
        WslRunner.Reply reply = call(WslCommands.list(host.wslExe()), QUERY_LIMIT);
        // With no distribution at all, wsl.exe --list fails and says so; that is "not registered".
        return reply.ok() ? WslStatus.find(reply.stdout(), distro.name()) : Optional.empty();
    }

    private WslRunner.Reply call(List<String> argv, Duration limit) throws ExecutorException {
        try {
            return runner.run(argv, limit);
        } catch (IOException e) {
            throw new ExecutorException("cannot run `" + describe(argv) + "`: " + e.getMessage(), e);
        }
    }

    /** The argv without the path of wsl.exe, for progress and messages. */
    static String describe(List<String> argv) {
        return "wsl " + String.join(" ", argv.subList(1, argv.size()));
    }
}
