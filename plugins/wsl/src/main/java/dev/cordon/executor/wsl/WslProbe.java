package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides availability: Windows, {@code wsl.exe} present, a valid distro file, its distribution
 * registered under WSL 2, and a trial command inside it that finds the marker setup wrote last
 * and no Windows interop (which would let a command start Windows programs as the user).
 */
final class WslProbe {

    static final Duration TRIAL_LIMIT = Duration.ofSeconds(60);
    /** The marker, then the binary formats registered (absent when nothing is registered). */
    static final String TRIAL = "cat " + WslCommands.MARKER + " && { ls /proc/sys/fs/binfmt_misc 2>/dev/null || true; }";

    private WslProbe() {
    }

    static Probe probe(WslHost host, WslRunner runner) {
        if (!host.isWindows()) {
            return Probe.unavailable(host.notWindows());
        }
        if (!Files.isRegularFile(Path.of(host.wslExe()))) {
            return Probe.unavailable("`" + host.wslExe() + "` not found: WSL is not installed");
        }
        try {
            Path file = host.distroFile().orElseThrow(() -> new ExecutorException(
                    "cannot locate the distro file: neither `cordon.home` nor CORDON_WSL_DISTRO is set"));
            WslDistro distro = WslDistroFile.read(file);
            return probe(host, runner, distro);
        } catch (ExecutorException e) {
            return Probe.unavailable(e.getMessage());
        }
    }

    static Probe probe(WslHost host, WslRunner runner, WslDistro distro) throws ExecutorException {
        Optional<WslStatus> status = new WslLifecycle(host, runner, distro).registered();
        if (status.isEmpty()) {
            return Probe.unavailable("distro `" + distro.name() + "` is not set up; run `cordon sandbox setup`");
        }
        if (status.get().version() != 2) {
            return Probe.unavailable("distro `" + distro.name() + "` runs under WSL " + status.get().version() + "; cordon needs WSL 2");
        }
        List<String> argv = List.of(host.wslExe(), "-d", distro.name(), "--exec", "/bin/sh", "-c", TRIAL);
        WslRunner.Reply reply;
        try {
            reply = runner.run(argv, TRIAL_LIMIT);
        } catch (IOException e) {
            return Probe.unavailable("wsl trial run failed: " + e.getMessage());
        }
        List<String> lines = reply.stdout().lines().toList();
        if (!reply.ok() || lines.isEmpty() || !lines.get(0).strip().equals(distro.name())) {
            return Probe.unavailable("distro `" + distro.name() + "` did not finish its setup (" + reply.firstError()
                    + "); run `cordon sandbox reset`");
        }
        if (lines.stream().anyMatch(line -> line.strip().startsWith("WSLInterop"))) {
            return Probe.unavailable("Windows interop is on in distro `" + distro.name()
                    + "`: commands could start Windows programs; run `cordon sandbox reset`");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("distro", distro.name());
        facts.put("state", status.get().state());
        facts.put("user", distro.user().orElse("root"));
        facts.put("distro.hint", distro.hint());
        return new Probe(true, "dedicated WSL 2 distro `" + distro.name() + "`; no write isolation (the Windows drives are"
                + " shared under /mnt)", facts, List.of(
                "commands run inside the dedicated distro as `" + distro.user().orElse("root") + "`, not on Windows",
                "Windows interop off: no starting Windows programs from inside",
                "per-process rlimits: cpu time, file size, address space, processes of the user",
                "not enforced: writes (the workspace and every drive under /mnt are writable), reads, network"));
    }
}
