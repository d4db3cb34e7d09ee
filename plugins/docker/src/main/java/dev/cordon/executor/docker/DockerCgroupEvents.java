package dev.cordon.executor.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The pids controller's event counter of a running container, read from the host: where a local
 * daemon runs containers, the container's cgroup holds a {@code pids.events} file whose {@code max}
 * line counts the forks the process limit refused. Its place follows from the container's id and
 * the daemon's cgroup driver (cgroupfs or systemd) and version (v1 or v2). Where it cannot be
 * read (a daemon in a virtual machine, rootless docker, another layout), there is no evidence.
 */
final class DockerCgroupEvents {

    static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    private DockerCgroupEvents() {
    }

    /** Where the counter of container {@code id} can be, most common layout first. */
    static List<Path> candidates(Path root, String id) {
        return List.of(
                root.resolve("pids/docker").resolve(id).resolve("pids.events"),
                root.resolve("pids/system.slice").resolve("docker-" + id + ".scope").resolve("pids.events"),
                root.resolve("system.slice").resolve("docker-" + id + ".scope").resolve("pids.events"),
                root.resolve("docker").resolve(id).resolve("pids.events"));
    }

    /** The first candidate that exists now. */
    static Optional<Path> find(List<Path> candidates) {
        return candidates.stream().filter(Files::isReadable).findFirst();
    }

    /** Whether the counter shows a refused fork ({@code max N} with N above 0). */
    static boolean limitHit(Path events) {
        try {
            for (String line : Files.readAllLines(events)) {
                if (line.startsWith("max ") && !line.substring(4).strip().equals("0")) {
                    return true;
                }
            }
        } catch (IOException e) {
            // The cgroup went away with the container.
        }
        return false;
    }
}
