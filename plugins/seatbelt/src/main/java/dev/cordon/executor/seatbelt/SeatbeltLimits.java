package dev.cordon.executor.seatbelt;

import dev.cordon.executor.support.UlimitScript;
import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.EnumSet;
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

    private SeatbeltLimits() {
    }

    /**
     * The {@code sh -c} script that sets the enforceable limits (CPU time, file size) and runs its
     * arguments, or empty when none applies.
     */
    static Optional<String> script(Limits limits) {
        return UlimitScript.of(limits, EnumSet.of(UlimitScript.Rlimit.CPU, UlimitScript.Rlimit.FILE_SIZE));
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
