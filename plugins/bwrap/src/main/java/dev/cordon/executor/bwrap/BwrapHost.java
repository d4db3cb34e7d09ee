package dev.cordon.executor.bwrap;

import dev.cordon.linux.Arch;
import dev.cordon.linux.Cgroups;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the probe found on this machine and every run then relies on.
 *
 * @param bwrap the bwrap program
 * @param version its release
 * @param arch the architecture the seccomp program is generated for
 * @param cgroups where run cgroups are made, if this process may make them
 * @param cgroupProblem why no cgroup can be made, when none can
 * @param socat the socat program that bridges the egress proxy into the sandbox, if installed
 */
record BwrapHost(Path bwrap, BwrapVersion version, Arch arch, Optional<Cgroups> cgroups, String cgroupProblem,
        Optional<Path> socat) {

    /** Whether a memory limit covers the whole tree (a memory cgroup) rather than each process. */
    BwrapRlimits.MemoryEnforcement memoryEnforcement() {
        return cgroups.isPresent() && cgroups.get().limitsMemory()
                ? BwrapRlimits.MemoryEnforcement.CGROUP
                : BwrapRlimits.MemoryEnforcement.ADDRESS_SPACE;
    }

    /** Whether the number of processes of a run can be limited (root ignores RLIMIT_NPROC). */
    boolean limitsProcesses() {
        return cgroups.isPresent() && cgroups.get().limitsProcesses();
    }
}
