package dev.cordon.executor.bwrap;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-process limits, set with the shell's {@code ulimit} (POSIX units: {@code -f} counts
 * 512-byte blocks, {@code -v} KiB, {@code -t} seconds) by the sandbox's init shell before it
 * starts the command, or by the launch wrapper before bwrap. Values round down, so a limit is
 * never looser than asked. The probe reads {@code /proc/self/limits} inside the sandbox to
 * confirm the shell applied them as bytes.
 *
 * @param cpuSeconds CPU seconds of each process, or 0
 * @param fileSizeBytes largest file a process may write, or 0
 * @param addressSpaceBytes address space of each process, or 0
 */
record BwrapRlimits(long cpuSeconds, long fileSizeBytes, long addressSpaceBytes) {

    static final BwrapRlimits NONE = new BwrapRlimits(0, 0, 0);

    /**
     * The rlimits for a request's limits. The address-space limit is only a fallback: a memory
     * cgroup counts what the tree really uses, while an address-space limit also refuses the
     * large reservations runtimes such as the JVM or Go make without using them.
     */
    static BwrapRlimits of(Limits limits, MemoryEnforcement memory) {
        long addressSpace = memory == MemoryEnforcement.ADDRESS_SPACE ? limits.memoryBytes() : 0;
        return new BwrapRlimits(limits.cpuSeconds(), limits.fileSizeBytes(), addressSpace);
    }

    List<String> ulimitCommands() {
        List<String> commands = new ArrayList<>();
        // No core dumps: a crashing tool must not write its memory, secrets included, to disk.
        commands.add("ulimit -c 0");
        if (cpuSeconds > 0) {
            // The soft limit sends SIGXCPU, which says what happened; the hard one a second later is SIGKILL.
            // Soft first: a hard limit below the current soft one is refused.
            commands.add("ulimit -S -t " + cpuSeconds);
            commands.add("ulimit -H -t " + (cpuSeconds + 1));
        }
        if (fileSizeBytes > 0) {
            commands.add("ulimit -f " + fileSizeBytes / 512);
        }
        if (addressSpaceBytes > 0) {
            commands.add("ulimit -v " + addressSpaceBytes / 1024);
        }
        return commands;
    }

    /** Whether any limit beyond core dumps is set. */
    boolean any() {
        return cpuSeconds > 0 || fileSizeBytes > 0 || addressSpaceBytes > 0;
    }

    /** Which mechanism bounds the memory of a run. */
    enum MemoryEnforcement {
        /** A memory cgroup bounds the whole tree. */
        CGROUP,
        /** Only each process's address space is bounded. */
        ADDRESS_SPACE
    }
}
