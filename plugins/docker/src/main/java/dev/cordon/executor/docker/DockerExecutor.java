package dev.cordon.executor.docker;

import dev.cordon.executor.support.Launcher;
import dev.cordon.executor.support.Placeholders;
import dev.cordon.executor.support.ProcessRunner;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.executor.support.RunSettings;
import dev.cordon.executor.support.TempTrees;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs each command in a fresh container of a configured image: the host roots of the request
 * bound at their own paths, the rest of the file system the image's, read-only. Needs a docker
 * daemon that sees this machine's file system (a local daemon, or Docker Desktop's shared
 * folders); settings come from {@code CORDON_DOCKER_IMAGE} and {@code CORDON_DOCKER_NETWORK}.
 */
public final class DockerExecutor implements Executor {

    /** Below the native sandboxes: a container runs the image's tools, not the host's. */
    public static final int PRIORITY = 50;

    static final Duration CREATE_LIMIT = Duration.ofSeconds(60);
    static final Duration REMOVE_LIMIT = Duration.ofSeconds(30);

    private final DockerSettings settings;
    private final DockerHostFiles files;
    private final String osArch;
    private final ProcessRunner runner = new ProcessRunner();

    public DockerExecutor() {
        this(DockerSettings.from(System.getenv(), System.getProperty("os.name", "")), DockerHostFiles.REAL,
                System.getProperty("os.arch", ""));
    }

    DockerExecutor(DockerSettings settings, DockerHostFiles files, String osArch) {
        this.settings = settings;
        this.files = files;
        this.osArch = osArch;
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

    /** What the container keeps; verified only where a docker daemon answers its probe. */
    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        Map<Promise, String> kernel = new EnumMap<>(Promise.class);
        kernel.put(Promise.WRITE_ROOTS, "a read-only container with only the write roots bound writable");
        kernel.put(Promise.METADATA, "everything outside the write roots is read-only or absent");
        kernel.put(Promise.READ_ROOTS, "only the roots are bound");
        kernel.put(Promise.HIDDEN_PATHS, "covered by empty read-only mounts");
        kernel.put(Promise.PROTECTED_PATHS, "bound read-only, missing ones covered");
        kernel.put(Promise.PRIVATE_TEMP, "a tmpfs on /tmp");
        kernel.put(Promise.TEMP_SIZE, "tmpfs-size");
        if (confinement.network().mode() == NetworkPolicy.Mode.NONE) {
            kernel.put(Promise.NETWORK, "--network=none");
        }
        kernel.put(Promise.PROCESS_TREE, "the container's PID namespace");
        kernel.put(Promise.PROCESSES, "--pids-limit");
        kernel.put(Promise.MEMORY, "--memory");
        kernel.put(Promise.CPU_SHARE, "--cpus");
        kernel.put(Promise.CPU_TIME, "--ulimit cpu");
        kernel.put(Promise.FILE_SIZE, "--ulimit fsize");
        return Guarantee.answer(confinement, kernel, Map.of(), "docker shares the host network whole or not at all");
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
        List<String> architectures = DockerSeccomp.architectures(osArch).orElseThrow(() -> new ExecutorException(
                "the docker executor does not know the system call ABIs of `" + osArch + "`"));
        DockerMountPlan plan = DockerMountPlan.of(confinement, files, DockerArguments.tmpSize(confinement.limits()));
        String env = DockerEnvFile.render(request.env());
        DockerClient docker = new DockerClient(settings);
        Path runDir = null;
        try {
            runDir = Files.createTempDirectory("cordon-docker", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            Path envFile = Files.writeString(runDir.resolve("env"), env, StandardCharsets.UTF_8);
            Path seccomp = Files.writeString(runDir.resolve("seccomp.json"), DockerSeccomp.profile(architectures));
            String name = containerName(request.runId());
            DockerArguments.Run run = new DockerArguments.Run(client, settings.image(), name, DockerUser.ownerOf(envFile), envFile,
                    seccomp, settings.network());
            List<String> create = DockerArguments.create(run, plan, confinement.network(), confinement.limits(), request.cwd(),
                    request.env(), request.argv());
            Placeholders.Reservation placeholders = Placeholders.reserve(plan.placeholders(), Placeholders.Kind.EMPTY_DIRECTORY, "container");
            try {
                DockerClient.Reply created = docker.call(CREATE_LIMIT, create.subList(1, create.size()).toArray(String[]::new));
                if (!created.ok()) {
                    throw new ExecutorException("docker could not create the container: " + created.firstError());
                }
                try {
                    return run(request, listener, plan, docker, run, created.stdout().strip(), warnings(created.stderr()));
                } finally {
                    docker.call(REMOVE_LIMIT, "rm", "--force", name);
                }
            } finally {
                placeholders.close();
            }
        } catch (IOException e) {
            throw new ExecutorException("cannot run docker: " + e.getMessage(), e);
        } finally {
            TempTrees.delete(runDir);
        }
    }

    private ExecResult run(ExecRequest request, OutputListener listener, DockerMountPlan plan, DockerClient docker,
            DockerArguments.Run run, String containerId, List<String> notes) throws IOException, ExecutorException {
        Confinement confinement = request.confinement();
        ProcessBuilder builder = new ProcessBuilder(DockerArguments.start(run.client(), run.name()))
                .directory(run.envFile().getParent().toFile());
        builder.environment().clear();
        builder.environment().putAll(settings.clientEnv());
        boolean watch = confinement.limits().maxProcesses() > 0 && containerId.matches("[0-9a-f]{12,64}");
        DockerContainerTree tree = new DockerContainerTree(docker, run.name(),
                watch ? Optional.of(containerId) : Optional.empty());
        RunOutcome outcome = runner.run(builder, new RunSettings(request.runId(), request.timeout(), request.outputLimitBytes(),
                Launcher.DIRECT, tree), listener);
        boolean oomKilled = false;
        if (outcome.ending() == RunOutcome.Ending.EXITED && outcome.status().exitCode() != 0) {
            DockerState state = DockerState.inspect(docker, run.name());
            if (!state.error().isEmpty()) {
                throw new ExecutorException("docker could not start the command: " + state.error());
            }
            oomKilled = state.oomKilled();
        }
        DockerViolations.Evidence evidence = new DockerViolations.Evidence(confinement.network().mode(), confinement.limits(),
                path -> !plan.showsHost(path) && (files.kind(path) != DockerHostFiles.Kind.MISSING
                        || path.getParent() != null && files.kind(path.getParent()) != DockerHostFiles.Kind.MISSING),
                tree.processLimitHit(), oomKilled, request.cwd());
        return outcome.toResult(id(), DockerViolations.read(outcome.stderr(), outcome.status(), evidence), notes);
    }

    @Override
    public void kill(String runId) {
        runner.cancel(runId);
    }

    /** Docker's own warnings about a container it created, as notes of the run. */
    static List<String> warnings(String stderr) {
        List<String> notes = new ArrayList<>();
        for (String line : stderr.split("\n")) {
            if (line.startsWith("WARNING: ")) {
                notes.add("docker executor: docker warned: " + line.substring("WARNING: ".length()).strip());
            }
        }
        return notes;
    }

    /** {@code cordon-RUNID-RANDOM}, limited to the characters docker accepts in a name. */
    static String containerName(String runId) {
        String safe = runId.replaceAll("[^a-zA-Z0-9_.-]", "-");
        safe = safe.length() > 40 ? safe.substring(0, 40) : safe;
        byte[] random = new byte[4];
        ThreadLocalRandom.current().nextBytes(random);
        return "cordon-" + safe + "-" + HexFormat.of().formatHex(random);
    }
}
