package dev.cordon.executor.docker;

import dev.cordon.executor.support.ProcessTree;
import java.io.IOException;
import java.time.Duration;

/**
 * The processes of one run live in a container, not under the docker client: killing the client
 * would leave the container running. So a kill goes to the daemon ({@code docker kill NAME}) while
 * the client still waits for its container; the container's PID namespace ends everything in it,
 * and {@code --rm} removes it. CPU time and memory of the container are not visible from here.
 */
final class DockerContainerTree implements ProcessTree {

    static final Duration KILL_LIMIT = Duration.ofSeconds(10);

    private final DockerClient client;
    private final String name;
    private volatile Process root;

    DockerContainerTree(DockerClient client, String name) {
        this.client = client;
        this.name = name;
    }

    @Override
    public void attach(Process process) {
        root = process;
    }

    @Override
    public void killAll() {
        Process process = root;
        if (process == null || !process.isAlive()) {
            // The client returned, so its container has ended and is gone.
            return;
        }
        try {
            client.call(KILL_LIMIT, "kill", "--signal=KILL", name);
        } catch (IOException e) {
            // The client is killed next; the container's own end is then up to the daemon.
        }
        try {
            process.waitFor(KILL_LIMIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
