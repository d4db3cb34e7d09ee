package dev.cordon.executor.docker;

import dev.cordon.executor.support.ProcessTree;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The processes of one run live in a container, not under the docker client: killing the client
 * would leave the container running. So a kill goes to the daemon ({@code docker kill NAME})
 * while the client still waits for its container; the container's PID namespace ends everything
 * in it. While it runs, the tree watches the container's process-limit counter when a process
 * limit applies. CPU time and memory of the container are not visible from here.
 */
final class DockerContainerTree implements ProcessTree {

    static final Duration KILL_LIMIT = Duration.ofSeconds(10);
    static final Duration INSPECT_LIMIT = Duration.ofSeconds(5);
    /** Samples spent looking for the container's cgroup before giving up on that evidence. */
    private static final int FIND_ATTEMPTS = 20;

    private final DockerClient client;
    private final String name;
    private final boolean watchProcessLimit;
    private volatile Process root;
    private Optional<Path> events = Optional.empty();
    private int attempts;
    private volatile boolean processLimitHit;

    DockerContainerTree(DockerClient client, String name, boolean watchProcessLimit) {
        this.client = client;
        this.name = name;
        this.watchProcessLimit = watchProcessLimit;
    }

    @Override
    public void attach(Process process) {
        root = process;
    }

    @Override
    public void sample() {
        if (!watchProcessLimit) {
            return;
        }
        if (events.isEmpty() && attempts < FIND_ATTEMPTS) {
            attempts++;
            events = containerPid().flatMap(DockerCgroupEvents::pidsEvents);
        }
        if (events.isPresent() && DockerCgroupEvents.limitHit(events.get())) {
            processLimitHit = true;
        }
    }

    /** Whether the container's process limit refused a fork, as far as it could be watched. */
    boolean processLimitHit() {
        return processLimitHit;
    }

    @Override
    public void killAll() {
        Process process = root;
        if (process == null || !process.isAlive()) {
            // The client returned, so its container has ended.
            return;
        }
        try {
            client.call(KILL_LIMIT, "kill", "--signal=KILL", name);
        } catch (IOException e) {
            // The client is killed next; removing the container ends what is left in it.
        }
        try {
            process.waitFor(KILL_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Optional<Long> containerPid() {
        try {
            DockerClient.Reply reply = client.call(INSPECT_LIMIT, "inspect", "--format", "{{.State.Pid}}", name);
            long pid = reply.ok() ? Long.parseLong(reply.stdout().strip()) : 0;
            return pid > 0 ? Optional.of(pid) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
