package dev.cordon.executor.docker;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The docker client argv of one run. The container is created first ({@code docker create}), so
 * that anything docker refuses is refused before the command runs and docker's warnings do not
 * mix with the command's error output; then started attached ({@code docker start --attach}),
 * which streams its output and ends with its status; then removed. Options use the {@code
 * --name=value} form so a value can never be read as another option.
 *
 * <p>The container has a read-only root, no capabilities, no privilege gain, cordon's seccomp
 * profile, a private IPC namespace, an init process as PID 1 (so a command can signal itself and
 * zombies are reaped), no logging of its output by the daemon, and never pulls an image by
 * itself. Its program is {@code /usr/bin/env}, which drops the variables docker adds on its own
 * ({@code HOSTNAME}, and {@code PATH} when the request has none) and then runs the request's argv
 * as given: the image's own entrypoint never runs.
 */
final class DockerArguments {

    /** The smallest memory limit docker accepts. */
    static final long MIN_MEMORY = 6L << 20;

    /** Size of the private {@code /tmp} when no memory limit bounds it. */
    static final long DEFAULT_TMP_SIZE = 512L << 20;

    static final String ENV = "/usr/bin/env";

    /** Variables docker puts into every container, whatever it is given. */
    static final List<String> DOCKER_ADDED = List.of("HOSTNAME", "PATH");

    /**
     * What one run needs besides the request.
     *
     * @param client the docker binary
     * @param image the image
     * @param name the container's name
     * @param user who runs the command
     * @param envFile the environment file of the run
     * @param seccompFile the seccomp profile of the run
     * @param networkName the network used when the policy allows the network
     */
    record Run(Path client, String image, String name, DockerUser user, Path envFile, Path seccompFile, String networkName) {
    }

    private DockerArguments() {
    }

    /** The size of the private {@code /tmp}: the profile's temp size, else the memory limit when there is one. */
    static long tmpSize(Limits limits) {
        if (limits.tempBytes() > 0) {
            return limits.tempBytes();
        }
        return limits.memoryBytes() > 0 ? limits.memoryBytes() : DEFAULT_TMP_SIZE;
    }

    static List<String> create(Run run, DockerMountPlan plan, NetworkPolicy network, Limits limits, Path cwd,
            Map<String, String> env, List<String> command) throws ExecutorException {
        String program = command.get(0);
        if (program.isEmpty() || program.indexOf('=') >= 0) {
            throw new ExecutorException("docker cannot run a program named `" + program + "`: `env` would read it as a variable");
        }
        if (!plan.shows(cwd)) {
            throw new ExecutorException("the working directory `" + cwd + "` is not inside a root the container shows");
        }
        List<String> argv = new ArrayList<>(List.of(run.client().toString(), "create", "--name=" + run.name(), "--init",
                "--pull=never", "--read-only", "--cap-drop=ALL", "--security-opt=no-new-privileges",
                "--security-opt=seccomp=" + run.seccompFile(), "--ipc=private", "--log-driver=none",
                "--network=" + network(network, run.networkName()), "--user=" + run.user().render()));
        if (limits.memoryBytes() > 0) {
            if (limits.memoryBytes() < MIN_MEMORY) {
                throw new ExecutorException("docker needs a memory limit of at least 6 MiB, got " + limits.memoryBytes() + " bytes");
            }
            argv.add("--memory=" + limits.memoryBytes());
            // The same value for memory plus swap: no swap on top of the limit.
            argv.add("--memory-swap=" + limits.memoryBytes());
        }
        if (limits.maxProcesses() > 0) {
            argv.add("--pids-limit=" + limits.maxProcesses());
        }
        if (limits.cpuPercent() > 0) {
            // The share of every CPU together, as CPUs' worth (cgroup CPU bandwidth, like the Linux executors).
            double cpus = Runtime.getRuntime().availableProcessors() * limits.cpuPercent() / 100.0;
            argv.add(String.format(Locale.ROOT, "--cpus=%.2f", Math.max(0.01, cpus)));
        }
        if (limits.cpuSeconds() > 0) {
            // The soft limit sends SIGXCPU; a hard limit one second later kills what ignores it.
            argv.add("--ulimit=cpu=" + limits.cpuSeconds() + ":" + (limits.cpuSeconds() + 1));
        }
        if (limits.fileSizeBytes() > 0) {
            argv.add("--ulimit=fsize=" + limits.fileSizeBytes() + ":" + limits.fileSizeBytes());
        }
        argv.add("--ulimit=core=0:0");
        for (DockerMount mount : plan.mounts()) {
            argv.add("--mount=" + mount.render());
        }
        argv.add("--env-file=" + run.envFile());
        argv.add("--workdir=" + cwd.normalize());
        argv.add("--entrypoint=" + ENV);
        argv.add(run.image());
        for (String added : DOCKER_ADDED) {
            if (!env.containsKey(added)) {
                argv.addAll(List.of("-u", added));
            }
        }
        argv.add("--");
        argv.addAll(command);
        return argv;
    }

    static List<String> start(Path client, String name) {
        return List.of(client.toString(), "start", "--attach", name);
    }

    private static String network(NetworkPolicy policy, String networkName) throws ExecutorException {
        return switch (policy.mode()) {
            case NONE -> "none";
            case ALLOW_LIST -> {
                if (!policy.allow().isEmpty()) {
                    throw new ExecutorException("a network allow-list needs a filtering proxy, which the docker executor does not run;"
                            + " use network mode none or full");
                }
                yield "none";
            }
            case FULL -> {
                if (!policy.deny().isEmpty()) {
                    throw new ExecutorException("docker cannot refuse single destinations such as `" + policy.deny().get(0)
                            + "`: a container joins a network whole or not at all");
                }
                yield networkName;
            }
        };
    }
}
