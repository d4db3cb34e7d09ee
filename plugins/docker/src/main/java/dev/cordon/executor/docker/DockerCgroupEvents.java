package dev.cordon.executor.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The pids controller's event counter of a running container, read from the host: where a local
 * daemon runs containers, {@code /proc/PID/cgroup} of the container's first process names its
 * cgroup, whose {@code pids.events} counts the forks the process limit refused. Where that cannot
 * be read (a daemon in a virtual machine, another cgroup namespace), there is simply no evidence.
 */
final class DockerCgroupEvents {

    static final Path PROC = Path.of("/proc");
    static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    private DockerCgroupEvents() {
    }

    /** The {@code pids.events} file of the process {@code pid}, when it can be found. */
    static Optional<Path> pidsEvents(long pid) {
        try {
            String cgroups = Files.readString(PROC.resolve(Long.toString(pid)).resolve("cgroup"));
            return path(cgroups, CGROUP_ROOT).filter(Files::isReadable);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Where {@code pids.events} is for a {@code /proc/PID/cgroup} text: the {@code pids} hierarchy
     * of cgroup v1 ({@code 8:pids:/docker/ID}), else the unified one ({@code 0::/system.slice/…}).
     */
    static Optional<Path> path(String procCgroup, Path root) {
        String unified = null;
        for (String line : procCgroup.split("\n")) {
            String[] fields = line.split(":", 3);
            if (fields.length != 3) {
                continue;
            }
            String relative = fields[2].startsWith("/") ? fields[2].substring(1) : fields[2];
            if (java.util.Arrays.asList(fields[1].split(",")).contains("pids")) {
                return Optional.of(root.resolve("pids").resolve(relative).resolve("pids.events"));
            }
            if (fields[0].equals("0") && fields[1].isEmpty()) {
                unified = relative;
            }
        }
        return unified == null ? Optional.empty() : Optional.of(root.resolve(unified).resolve("pids.events"));
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
