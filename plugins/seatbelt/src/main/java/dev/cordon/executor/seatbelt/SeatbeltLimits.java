package dev.cordon.executor.seatbelt;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The resource limits a Seatbelt run can carry. {@code sandbox-exec} sets none itself; rlimits
 * set by a shell just before it are inherited through its {@code exec}. macOS enforces the CPU
 * time and file size rlimits; it does not enforce an address-space limit, and its process limit
 * counts every process of the user rather than this run's, so neither is set and each result
 * says so.
 */
final class SeatbeltLimits {

    /** {@code ulimit -f} of a POSIX shell counts 512-byte blocks. */
    static final long BLOCK = 512;

    private SeatbeltLimits() {
    }

    /**
     * The {@code sh -c} script that sets the enforceable limits and runs its arguments, or empty
     * when none applies. It holds only numbers; everything else is a positional parameter.
     */
    static Optional<String> script(Limits limits) {
        List<String> steps = new ArrayList<>();
        if (limits.cpuSeconds() > 0) {
            steps.add("ulimit -t " + limits.cpuSeconds());
        }
        if (limits.fileSizeBytes() > 0) {
            // Rounded down: never allow more than asked, even if that means a smaller file.
            steps.add("ulimit -f " + limits.fileSizeBytes() / BLOCK);
        }
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        steps.add("exec \"$@\"");
        return Optional.of(String.join(" && ", steps));
    }

    /** One note per requested limit this executor cannot enforce. */
    static List<String> unenforced(Limits limits) {
        List<String> notes = new ArrayList<>();
        if (limits.memoryBytes() > 0) {
            notes.add("seatbelt executor: memory limit not enforced (macOS ignores address-space rlimits)");
        }
        if (limits.maxProcesses() > 0) {
            notes.add("seatbelt executor: process limit not enforced (the macOS process rlimit counts every process of the user)");
        }
        return notes;
    }
}
