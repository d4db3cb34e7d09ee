package dev.cordon.executor.wsl;

import dev.cordon.executor.support.UlimitScript;
import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The rlimits a command gets inside the distribution, set by a shell that then replaces itself
 * with the command. They bind each process, not the tree: the memory limit is each process's
 * address space, the process limit counts every process of the distribution's user (which runs
 * nothing else), and the WSL2 virtual machine as a whole is not limited by them.
 */
final class WslLimits {

    private WslLimits() {
    }

    /** The {@code sh -c} script, or empty when no limit applies: every rlimit works inside the distro. */
    static Optional<String> script(Limits limits) {
        return UlimitScript.of(limits, EnumSet.allOf(UlimitScript.Rlimit.class));
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
