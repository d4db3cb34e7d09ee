package dev.cordon.executor.docker;

import dev.cordon.executor.support.Launcher;
import dev.cordon.executor.support.ProcessRunner;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.executor.support.RunSettings;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Runs each command in a fresh container of a configured image: the host roots of the request
 * bound at their own paths, the rest of the file system the image's, read-only. Needs a docker
 * daemon that sees this machine's file system (a local daemon, or Docker Desktop's shared
 * folders); settings come from {@code CORDON_DOCKER_IMAGE} and {@code CORDON_DOCKER_NETWORK}.
 */
public final class DockerExecutor implements Executor {

    /** Below the native sandboxes: a container runs the image's tools, not the host's. */
    public static final int PRIORITY = 50;

    private final DockerSettings settings;
    private final DockerHostFiles files;
    private final ProcessRunner runner = new ProcessRunner();

    public DockerExecutor() {
        this(DockerSettings.from(System.getenv(), System.getProperty("os.name", "")), DockerHostFiles.REAL);
    }

    DockerExecutor(DockerSettings settings, DockerHostFiles files) {
        this.settings = settings;
        this.files = files;
    }

    @Override
    public String id() {
        return "docker";
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION, Capability.NETWORK_ISOLATION,
                Capability.RESOURCE_LIMITS, Capability.PROCESS_TREE);
    }

    @Override
    public Probe probe() {
        return DockerProbe.probe(settings, request -> execute(request, OutputListener.NONE));
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        if (!settings.supportedHost()) {
            throw new ExecutorException(DockerProbe.UNSUPPORTED_HOST);
        }
        Path client = settings.client().orElseThrow(() -> new ExecutorException("no `docker` client on the search path"));
        Confinement confinement = request.confinement();
        if (confinement == null) {
            throw new ExecutorException("docker needs a confinement to choose what the container shows");
        }
        DockerMountPlan plan = DockerMountPlan.of(confinement, files, DockerArguments.tmpSize(confinement.limits()));
        String env = DockerEnvFile.render(request.env());
        Path runDir = null;
        try {
            runDir = Files.createTempDirectory("cordon-docker", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            Path envFile = Files.writeString(runDir.resolve("env"), env, StandardCharsets.UTF_8);
            String name = containerName(request.runId());
            DockerArguments.Run run = new DockerArguments.Run(client, settings.image(), name, DockerUser.ownerOf(envFile),
                    envFile, settings.network());
            List<String> argv = DockerArguments.argv(run, plan, confinement.network(), confinement.limits(), request.cwd(),
                    request.argv());
            ProcessBuilder builder = new ProcessBuilder(argv).directory(runDir.toFile());
            builder.environment().clear();
            builder.environment().putAll(settings.clientEnv());
            RunOutcome outcome;
            DockerPlaceholders.Reservation placeholders = DockerPlaceholders.reserve(plan.placeholders());
            try {
                outcome = runner.run(builder, new RunSettings(request.runId(), request.timeout(), request.outputLimitBytes(),
                        Launcher.DIRECT, new DockerContainerTree(new DockerClient(settings), name)), listener);
            } finally {
                placeholders.close();
            }
            refusedByDocker(outcome);
            return outcome.toResult(id(), DockerViolations.read(outcome.stderr(), outcome.status(), confinement), List.of());
        } catch (IOException e) {
            throw new ExecutorException("cannot run docker: " + e.getMessage(), e);
        } finally {
            delete(runDir);
        }
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    /**
     * Docker reports its own failures (a bad option, a missing image, a program it cannot start)
     * with a status of 125 to 127 and a {@code docker:} message: the command did not run.
     */
    private static void refusedByDocker(RunOutcome outcome) throws ExecutorException {
        int code = outcome.status().exitCode();
        if (outcome.ending() == RunOutcome.Ending.EXITED && code >= 125 && code <= 127
                && outcome.stderr().startsWith("docker: ")) {
            String first = outcome.stderr().strip().lines().findFirst().orElse("");
            throw new ExecutorException("docker could not start the command: " + first.substring("docker: ".length()));
        }
    }

    /** {@code cordon-RUNID-RANDOM}, limited to the characters docker accepts in a name. */
    static String containerName(String runId) {
        String safe = runId.replaceAll("[^a-zA-Z0-9_.-]", "-");
        safe = safe.length() > 40 ? safe.substring(0, 40) : safe;
        byte[] random = new byte[4];
        ThreadLocalRandom.current().nextBytes(random);
        return "cordon-" + safe + "-" + HexFormat.of().formatHex(random);
    }

    private static void delete(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // The run's private directory is left behind; it holds only its environment file.
        }
    }
}
