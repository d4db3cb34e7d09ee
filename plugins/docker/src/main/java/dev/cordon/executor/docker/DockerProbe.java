package dev.cordon.executor.docker;

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
 * Decides availability by asking, in order: is there a client, does a daemon answer, is the image
 * there, and does a trial container stay confined — it writes its workspace, tries to read a
 * hidden secret and to write into a read-only root, checked on the host afterwards. The first
 * question that fails is the reason given.
 */
final class DockerProbe {

    static final Duration CALL_LIMIT = Duration.ofSeconds(10);
    static final String SECRET = "cordon-probe-secret";
    static final String UNSUPPORTED_HOST = "the docker executor runs on Linux and macOS hosts; on Windows use the wsl executor";

    /** Runs one request the way the executor would. */
    @FunctionalInterface
    interface Trial {
        ExecResult run(ExecRequest request) throws ExecutorException;
    }

    private DockerProbe() {
    }

    static Probe probe(DockerSettings settings, Trial trial) {
        if (!settings.supportedHost()) {
            return Probe.unavailable(UNSUPPORTED_HOST);
        }
        if (settings.client().isEmpty()) {
            return Probe.unavailable("no `docker` client on the search path");
        }
        DockerClient client = new DockerClient(settings);
        Map<String, String> facts = new LinkedHashMap<>();
        Path root = null;
        try {
            DockerClient.Reply version = client.call(CALL_LIMIT, "version", "--format", "{{.Server.Version}}");
            if (!version.ok()) {
                return Probe.unavailable("no docker daemon answered: `" + version.firstError() + "`");
            }
            facts.put("docker.server", version.stdout().strip());
            DockerClient.Reply image = client.call(CALL_LIMIT, "image", "inspect", "--format", "{{.Id}}", settings.image());
            if (!image.ok()) {
                return Probe.unavailable("image `" + settings.image() + "` is not present; pull it with `docker pull "
                        + settings.image() + "` or name another in CORDON_DOCKER_IMAGE");
            }
            facts.put("image", settings.image());
            facts.put("image.id", image.stdout().strip());
            facts.put("network", settings.network());
            root = Files.createTempDirectory("cordon-docker-probe").toRealPath();
            return trial(trial, root, facts);
        } catch (IOException | ExecutorException | RuntimeException e) {
            return Probe.unavailable("docker trial run failed: " + e.getMessage());
        } finally {
            TempTrees.delete(root);
        }
    }

    private static Probe trial(Trial trial, Path root, Map<String, String> facts) throws IOException, ExecutorException {
        Path workspace = Files.createDirectories(root.resolve("workspace"));
        Path secretDir = Files.createDirectories(root.resolve("secret"));
        Path secret = Files.writeString(secretDir.resolve("key"), SECRET + "\n");
        Path outside = Files.createDirectories(root.resolve("outside")).resolve("new");
        Confinement confinement = new Confinement(workspace, List.of(root), List.of(workspace), List.of(), List.of(secretDir),
                NetworkPolicy.NONE, Limits.NONE);
        String script = "echo held > \"$1/inside\"; cat \"$2\"; echo leaked > \"$3\"; exit 0";
        ExecRequest request = new ExecRequest("docker-probe", List.of("/bin/sh", "-c", script, "cordon-probe",
                workspace.toString(), secret.toString(), outside.toString()), workspace,
                Map.of("PATH", "/usr/local/bin:/usr/bin:/bin"), confinement, Duration.ofSeconds(30), 1 << 16);
        ExecResult result = trial.run(request);
        Path inside = workspace.resolve("inside");
        if (!Files.isRegularFile(inside) || !Files.readString(inside).equals("held\n")) {
            return Probe.unavailable("docker trial run could not write its workspace: " + TextLines.first(result.stderr(), "no error output"));
        }
        if (result.stdout().contains(SECRET) || Files.exists(outside)) {
            return Probe.unavailable("docker trial run was not confined: the container saw more than its mounts");
        }
        return new Probe(true, "one container per command from `" + facts.get("image") + "`", facts, List.of(
                "reads limited to the bound roots and the image; hidden paths masked",
                "writes limited to the write roots; read-only paths inside them bound read-only; image root read-only",
                "network: none, or the `" + facts.get("network") + "` network whole",
                "memory and process count of the whole container; cpu time and file size rlimits",
                "the container and everything in it killed on timeout"));
    }
}
