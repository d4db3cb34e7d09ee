package dev.cordon.executor.wsl;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rlimits a command gets inside the distribution, set by a shell that then replaces itself
 * with the command. They bind each process, not the tree: the memory limit is each process's
 * address space, the process limit counts every process of the distribution's user (which runs
 * nothing else), and the WSL2 virtual machine as a whole is not limited by them.
 */
final class WslLimits {

    /** {@code ulimit -f} of a POSIX shell counts 512-byte blocks; {@code -v} counts KiB. */
    static final long BLOCK = 512;
    static final long KIB = 1024;

    private WslLimits() {
    }

    /** The {@code sh -c} script, or empty when no limit applies; it holds only numbers. */
    static Optional<String> script(Limits limits) {
        List<String> steps = new ArrayList<>();
        if (limits.cpuSeconds() > 0) {
            steps.add("ulimit -t " + limits.cpuSeconds());
        }
        if (limits.fileSizeBytes() > 0) {
            steps.add("ulimit -f " + limits.fileSizeBytes() / BLOCK);
        }
        if (limits.memoryBytes() > 0) {
            steps.add("ulimit -v " + limits.memoryBytes() / KIB);
        }
        if (limits.maxProcesses() > 0) {
            steps.add("ulimit -u " + limits.maxProcesses());
        }
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        steps.add("exec \"$@\"");
        return Optional.of(String.join(" && ", steps));
    }

    static List<String> notes(Limits limits) {
        List<String> notes = new ArrayList<>();
        if (limits.memoryBytes() > 0) {
            notes.add("wsl executor: the memory limit applies to each process's address space, not to the whole tree");
        }
        if (limits.maxProcesses() > 0) {
            notes.add("wsl executor: the process limit counts every process of the distribution's user");
        }
        return notes;
    }
}
