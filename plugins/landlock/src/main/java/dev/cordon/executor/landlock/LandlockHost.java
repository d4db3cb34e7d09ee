package dev.cordon.executor.landlock;

import dev.cordon.linux.Arch;
import dev.cordon.linux.Capabilities;
import dev.cordon.linux.Cgroups;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.Landlock;
import dev.cordon.linux.MountNamespace;
import dev.cordon.linux.NetworkNamespace;
import dev.cordon.linux.Prctl;
import dev.cordon.linux.Seccomp;
import java.util.Optional;

/**
 * What this machine offers the executor, read once: the CPU architecture, the Landlock ABI in
 * use (the kernel's, capped at the newest this code knows), seccomp, and run cgroups.
 *
 * @param arch the architecture, if seccomp tables exist for it
 * @param abi the Landlock ABI used, 0 when Landlock is unavailable
 * @param kernelAbi the ABI the kernel reported
 * @param seccomp whether seccomp filters are available
 * @param cgroups run cgroups, if they can be made
 * @param cgroupProblem why they cannot, or empty
 * @param mountProblem why the spawning thread cannot have a private mount namespace, or empty
 *     when it can (then the metadata fence, protected paths and the private /tmp are the kernel's)
 */
record LandlockHost(Optional<Arch> arch, int abi, int kernelAbi, boolean seccomp, Optional<Cgroups> cgroups,
        String cgroupProblem, Optional<String> mountProblem) {

    static LandlockHost detect() {
        Optional<Arch> arch = Arch.current();
        int kernelAbi = arch.isPresent() ? Landlock.abi() : 0;
        Optional<Cgroups> cgroups;
        String problem = "";
        Optional<String> mountProblem = arch.isPresent() ? MountNamespace.unavailable()
                : Optional.of("no system call table for this cpu architecture");
        try {
            Cgroups opened = Cgroups.open();
            // The same for every run, so the parked spawning thread does it while it waits; the
            // confiner repeats it (then nearly free) and verifies that no capability is left. The
            // mounts need CAP_SYS_ADMIN, so with them only the bounding set goes ahead (the thread
            // keeps its effective capabilities until after the mounts).
            opened.parkedSetup(mountProblem.isEmpty() ? LandlockHost::prepareForMounts : LandlockHost::dropPrivileges);
            cgroups = Optional.of(opened);
        } catch (KernelException e) {
            cgroups = Optional.empty();
            problem = e.getMessage();
        }
        return new LandlockHost(arch, Math.min(kernelAbi, Landlock.NEWEST_KNOWN_ABI), kernelAbi, Seccomp.available(),
                cgroups, problem, mountProblem);
    }

    private static void prepareForMounts() throws KernelException {
        Prctl.setNoNewPrivs();
        Capabilities.dropBoundingSet();
    }

    private static void dropPrivileges() throws KernelException {
        Prctl.setNoNewPrivs();
        Capabilities.dropAllForThread();
    }

    /** Why commands cannot be confined here at all, or empty when they can. */
    Optional<String> unusable() {
        if (arch.isEmpty()) {
            return Optional.of("no seccomp table for cpu architecture `" + System.getProperty("os.arch") + "`");
        }
        if (abi < 1) {
            return Optional.of("landlock is not available in this kernel (needs linux 5.13 with landlock enabled)");
        }
        if (!seccomp) {
            return Optional.of("seccomp filters are not available in this kernel");
        }
        return Optional.empty();
    }

    /** Whether every process of a run can be found, limited and killed through a cgroup. */
    boolean containsTrees() {
        return cgroups.isPresent();
    }

    /**
     * Whether a network allow-list can be fenced: the spawning thread can get a network namespace
     * of its own (the proxy's listener goes there).
     */
    boolean fencesAllowLists() {
        return arch.isPresent() && NetworkNamespace.unavailable().isEmpty();
    }

    /** Whether each run's thread gets a private mount namespace. */
    boolean mounts() {
        return mountProblem.isEmpty();
    }

    /** Whether processes and memory of the whole tree can be limited. */
    boolean limitsResources() {
        return cgroups.map(c -> c.limitsProcesses() && c.limitsMemory()).orElse(false);
    }
}
