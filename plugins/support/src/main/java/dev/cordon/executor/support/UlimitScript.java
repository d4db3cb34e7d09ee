package dev.cordon.executor.support;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code sh -c} script that sets rlimits and then {@code exec}s its positional arguments, for
 * executors that can only limit a command through the shell that starts it. The script holds
 * only numbers; the command itself is passed as {@code "$@"}, never spliced into the text.
 */
public final class UlimitScript {

    /** An rlimit the executor's platform enforces. */
    public enum Rlimit {
        /** {@code ulimit -t}: CPU seconds of each process. */
        CPU,
        /** {@code ulimit -f}: size of any one file written. */
        FILE_SIZE,
        /** {@code ulimit -v}: address space of each process. */
        ADDRESS_SPACE,
        /** {@code ulimit -u}: processes of the user. */
        PROCESSES
    }

    /** {@code ulimit -f} of a POSIX shell counts 512-byte blocks; {@code -v} counts KiB. */
    static final long BLOCK = 512;
    static final long KIB = 1024;

    private UlimitScript() {
    }

    /** The script, or empty when none of the enforced limits is set. */
    public static Optional<String> of(Limits limits, Set<Rlimit> enforced) {
        Set<Rlimit> use = enforced.isEmpty() ? EnumSet.noneOf(Rlimit.class) : EnumSet.copyOf(enforced);
        List<String> steps = new ArrayList<>();
        if (use.contains(Rlimit.CPU) && limits.cpuSeconds() > 0) {
            steps.add("ulimit -t " + limits.cpuSeconds());
        }
        if (use.contains(Rlimit.FILE_SIZE) && limits.fileSizeBytes() > 0) {
            // Rounded down: never allow more than asked, even if that means a smaller file.
            steps.add("ulimit -f " + limits.fileSizeBytes() / BLOCK);
        }
        if (use.contains(Rlimit.ADDRESS_SPACE) && limits.memoryBytes() > 0) {
            steps.add("ulimit -v " + limits.memoryBytes() / KIB);
        }
        if (use.contains(Rlimit.PROCESSES) && limits.maxProcesses() > 0) {
            steps.add("ulimit -u " + limits.maxProcesses());
        }
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        steps.add("exec \"$@\"");
        return Optional.of(String.join(" && ", steps));
    }
}
