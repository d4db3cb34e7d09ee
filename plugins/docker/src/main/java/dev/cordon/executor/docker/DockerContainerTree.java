package dev.cordon.executor.docker;

import dev.cordon.executor.support.ProcessTree;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The processes of one run live in a container, not under the docker client: killing the client
 * would leave the container running. So a kill goes to the daemon ({@code docker kill NAME})
 * while the client still waits for its container; the container's PID namespace ends everything
 * in it. When a process limit applies, a watcher reads the container's process-limit counter
 * every few milliseconds while it runs: the cgroup, and the counter with it, is gone as soon as
 * the container ends, and a refused fork can end a command quickly. CPU time and memory of the
 * container are not visible from here.
 */
final class DockerContainerTree implements ProcessTree {

    static final Duration KILL_LIMIT = Duration.ofSeconds(10);
    static final long WATCH_MILLIS = 5;

    private final DockerClient client;
    private final String name;
    private final Optional<String> watchedId;
    private volatile Process root;
    private volatile boolean processLimitHit;

    /**
     * @param watchedId the container's id, when its process-limit counter is to be watched
     */
    DockerContainerTree(DockerClient client, String name, Optional<String> watchedId) {
        this.client = client;
        this.name = name;
        this.watchedId = watchedId;
    }

    @Override
    public void attach(Process process) {
        root = process;
        watchedId.ifPresent(id -> {
            Thread watcher = new Thread(() -> watch(process, DockerCgroupEvents.candidates(DockerCgroupEvents.CGROUP_ROOT, id)),
                    "cordon-docker-pids-" + name);
            watcher.setDaemon(true);
            watcher.start();
        });
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

    private void watch(Process process, List<Path> candidates) {
        Optional<Path> events = Optional.empty();
        try {
            while (process.isAlive() && !processLimitHit) {
                if (events.isEmpty()) {
                    events = DockerCgroupEvents.find(candidates);
                }
                if (events.isPresent() && DockerCgroupEvents.limitHit(events.get())) {
                    processLimitHit = true;
                }
                Thread.sleep(WATCH_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
