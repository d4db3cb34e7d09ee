package dev.cordon.executor.landlock;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-process limits: CPU seconds, file size, address space (only without a memory cgroup:
 * runtimes such as the JVM and Go reserve far more address space than they use) and core = 0.
 *
 * <p>Rlimits belong to a process, not a thread, so the spawning thread cannot set them for the
 * child alone, and the JDK offers no hook between fork and exec. {@code prlimit} on the child
 * right after the start was measured to come about a millisecond too late: a shell has forked
 * its first command by then, and that command runs unlimited. So when a CPU, file-size or
 * address-space limit is asked for, the command is started through {@code /bin/sh}, which sets
 * the limits on itself with {@code ulimit} and then {@code exec}s the command: race-free, at the
 * cost of one more exec. Core = 0 is set once on cordon's own process, so every child inherits
 * it; processes and memory are limited by the cgroup, from before the first instruction.
 */
final class LandlockRlimits {

    /** The shell that applies the limits before executing the command. */
    static final String SHELL = "/bin/sh";

    private LandlockRlimits() {
    }

    /** How a memory limit is enforced. */
    enum MemoryEnforcement {
        /** The run's memory cgroup limits the whole tree. */
        CGROUP,
        /** Each process's address space is limited (no memory cgroup). */
        ADDRESS_SPACE
    }

    /** Whether the command must be started through the limiting shell. */
    static boolean needsShell(Limits limits, MemoryEnforcement memory) {
        return limits.cpuSeconds() > 0 || limits.fileSizeBytes() > 0
                || limits.memoryBytes() > 0 && memory == MemoryEnforcement.ADDRESS_SPACE;
    }

    /**
     * The argv that sets the limits and then executes {@code argv}. CPU: SIGXCPU at the limit,
     * SIGKILL a second later for a process that ignores it. File size in 512-byte blocks, as
     * {@code ulimit -f} counts, rounded down.
     */
    static List<String> wrap(List<String> argv, Limits limits, MemoryEnforcement memory) {
        List<String> steps = new ArrayList<>();
        if (limits.cpuSeconds() > 0) {
            // Soft first: a hard limit below the current soft one is refused.
            steps.add("ulimit -S -t " + limits.cpuSeconds());
            steps.add("ulimit -H -t " + (limits.cpuSeconds() + 1));
        }
        if (limits.fileSizeBytes() > 0) {
            steps.add("ulimit -f " + Math.max(1, limits.fileSizeBytes() / 512));
        }
        if (limits.memoryBytes() > 0 && memory == MemoryEnforcement.ADDRESS_SPACE) {
            steps.add("ulimit -v " + Math.max(1, limits.memoryBytes() / 1024));
        }
        steps.add("ulimit -c 0");
        steps.add("exec \"$@\"");
        List<String> wrapped = new ArrayList<>(List.of(SHELL, "-c", String.join(" && ", steps), "cordon-limits"));
        wrapped.addAll(argv);
        return wrapped;
    }
}
