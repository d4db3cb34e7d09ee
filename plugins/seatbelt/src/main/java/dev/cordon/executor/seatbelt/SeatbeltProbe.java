package dev.cordon.executor.seatbelt;

import dev.cordon.executor.support.TextLines;
import dev.cordon.executor.support.TempTrees;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides availability: macOS, {@code sandbox-exec} present, and a trial run under a generated
 * profile that writes inside its workspace, tries to read a hidden secret and to write outside,
 * checked from outside afterwards. Any other outcome, or any error, means unavailable.
 */
final class SeatbeltProbe {

    static final String SECRET = "cordon-probe-secret";

    /** Runs one request the way the executor would. */
    @FunctionalInterface
    interface Trial {
        ExecResult run(ExecRequest request) throws ExecutorException;
    }

    private SeatbeltProbe() {
    }

    static Probe probe(SeatbeltHost host, Trial trial) {
        if (!host.isMacOs()) {
            return Probe.unavailable(host.notMacOs());
        }
        if (!Files.isExecutable(host.sandboxExec())) {
            return Probe.unavailable("`" + host.sandboxExec() + "` is missing or not executable");
        }
        Path root = null;
        try {
            root = Files.createTempDirectory("cordon-seatbelt-probe");
            return trial(host, trial, root.toRealPath());
        } catch (IOException | ExecutorException | RuntimeException e) {
            return Probe.unavailable("seatbelt trial run failed: " + e.getMessage());
        } finally {
            TempTrees.delete(root);
        }
    }

    private static Probe trial(SeatbeltHost host, Trial trial, Path root) throws IOException, ExecutorException {
        Path workspace = Files.createDirectories(root.resolve("workspace"));
        Path secretDir = Files.createDirectories(root.resolve("secret"));
        Path secret = Files.writeString(secretDir.resolve("key"), SECRET + "\n");
        Path outside = Files.createDirectories(root.resolve("outside")).resolve("new");
        Confinement confinement = new Confinement(workspace, List.of(Path.of("/bin"), Path.of("/usr"), root),
                List.of(workspace), List.of(), List.of(secretDir), NetworkPolicy.NONE, Limits.NONE);
        String script = "echo held > \"$1/inside\"; cat \"$2\"; echo leaked > \"$3\"; exit 0";
        ExecRequest request = new ExecRequest("seatbelt-probe", List.of("/bin/sh", "-c", script, "cordon-probe",
                workspace.toString(), secret.toString(), outside.toString()), workspace, Map.of("PATH", "/usr/bin:/bin"),
                confinement, Duration.ofSeconds(10), 1 << 16);
        ExecResult result = trial.run(request);
        Path inside = workspace.resolve("inside");
        if (!Files.isRegularFile(inside) || !Files.readString(inside).equals("held\n")) {
            return Probe.unavailable("seatbelt trial run could not write its workspace: " + TextLines.first(result.stderr(), "no error output"));
        }
        if (result.stdout().contains(SECRET) || Files.exists(outside)) {
            return Probe.unavailable("seatbelt trial run was not confined: the profile did not hold");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("os.name", host.osName());
        facts.put("os.version", System.getProperty("os.version", ""));
        facts.put("sandbox-exec", host.sandboxExec().toString());
        return new Probe(true, "sandbox-exec with a generated Seatbelt profile", facts, List.of(
                "reads limited to the read roots; hidden paths unreadable",
                "writes limited to the write roots; read-only paths inside them kept read-only",
                "network: none, full, or tcp to localhost or any host by port",
                "cpu time and file size rlimits (not memory, not process count)"));
    }
}
