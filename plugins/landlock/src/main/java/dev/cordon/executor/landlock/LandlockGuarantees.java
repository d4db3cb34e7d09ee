package dev.cordon.executor.landlock;

import dev.cordon.linux.NetworkNamespace;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Promise;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the kernel keeps of a confinement under this executor on this machine. With a mount
 * namespace for the spawning thread (cordon has CAP_SYS_ADMIN) everything but network lists is
 * the kernel's; without one, the metadata fence, protected paths inside write roots and the temp
 * bounds are not, and the answer says why.
 */
final class LandlockGuarantees {

    private LandlockGuarantees() {
    }

    static List<Guarantee> of(Confinement confinement, LandlockHost host) {
        List<Guarantee> out = new ArrayList<>();
        String noMounts = "needs a mount namespace for the spawning thread: " + host.mountProblem().orElse("");
        for (Promise promise : Promise.madeBy(confinement)) {
            out.add(switch (promise) {
                case WRITE_ROOTS -> Guarantee.kernel(promise, "landlock abi " + host.abi() + " rules");
                case READ_ROOTS -> Guarantee.kernel(promise, "landlock abi " + host.abi() + " rules");
                case METADATA -> host.mounts()
                        ? Guarantee.kernel(promise, "everything outside the write roots is mounted read-only (EROFS)")
                        : Guarantee.policy(promise, noMounts);
                case HIDDEN_PATHS -> hidden(confinement, host, promise, noMounts);
                case PROTECTED_PATHS -> protectedPaths(confinement, host, promise, noMounts);
                case PRIVATE_TEMP -> host.mounts()
                        ? Guarantee.kernel(promise, "fresh tmpfs on /tmp, /var/tmp and /dev/shm; TMPDIR=/tmp")
                        : Guarantee.kernel(promise, "a fresh TMPDIR directory, removed after the run; the shared "
                                + "/tmp, /var/tmp and /dev/shm are not writable");
                case TEMP_SIZE -> host.mounts()
                        ? Guarantee.kernel(promise, "tmpfs size and nr_inodes")
                        : Guarantee.policy(promise, "the temp directory is on the host's file system; " + noMounts);
                case NETWORK -> network(confinement.network(), host, promise);
                case PROCESS_TREE -> host.containsTrees()
                        ? Guarantee.kernel(promise, "run cgroup " + host.cgroups().orElseThrow().describe())
                        : Guarantee.policy(promise, "no cgroup: " + host.cgroupProblem());
                case PROCESSES -> host.cgroups().filter(c -> c.limitsProcesses()).isPresent()
                        ? Guarantee.kernel(promise, "pids cgroup")
                        : Guarantee.policy(promise, "no pids cgroup: " + host.cgroupProblem());
                case MEMORY -> host.cgroups().filter(c -> c.limitsMemory()).isPresent()
                        ? Guarantee.kernel(promise, "memory cgroup")
                        : Guarantee.policy(promise, "no memory cgroup, only each process's address space is limited");
                case CPU_SHARE -> host.cgroups().filter(c -> c.limitsCpu()).isPresent()
                        ? Guarantee.kernel(promise, "cpu cgroup bandwidth (" + host.cgroups().orElseThrow().cpuControl() + ")")
                        : Guarantee.policy(promise, "no cpu cgroup controller can be used here");
                case CPU_TIME -> Guarantee.kernel(promise, "RLIMIT_CPU per process");
                case FILE_SIZE -> Guarantee.kernel(promise, "RLIMIT_FSIZE");
            });
        }
        return out;
    }

    private static Guarantee hidden(Confinement confinement, LandlockHost host, Promise promise, String noMounts) {
        if (host.mounts()) {
            return Guarantee.kernel(promise, "carved out of the landlock rules in read roots, masked by mounts in "
                    + "write roots (existing files; a file created later is the command's own)");
        }
        List<Path> missing = insideWriteRoots(confinement, confinement.hiddenPaths()).stream()
                .filter(path -> !Files.exists(path, LinkOption.NOFOLLOW_LINKS)).toList();
        return missing.isEmpty()
                ? Guarantee.kernel(promise, "carved out of the landlock rules (no new entry can be made next to one "
                        + "inside a write root)")
                : Guarantee.policy(promise, "missing hidden paths inside write roots (" + missing.get(0)
                        + (missing.size() > 1 ? ", …" : "") + ") could be created; " + noMounts);
    }

    private static Guarantee protectedPaths(Confinement confinement, LandlockHost host, Promise promise, String noMounts) {
        if (host.mounts()) {
            return Guarantee.kernel(promise, "bound read-only onto themselves (missing ones onto an empty placeholder "
                    + "file), their parents pinned so they cannot be moved aside");
        }
        List<Path> inside = insideWriteRoots(confinement, confinement.readOnlyPaths());
        return inside.isEmpty()
                ? Guarantee.kernel(promise, "carved out of the landlock rules")
                : Guarantee.policy(promise, "inside write roots, carving them would stop files being created next to "
                        + "them; " + noMounts);
    }

    private static Guarantee network(NetworkPolicy network, LandlockHost host, Promise promise) {
        return switch (network.mode()) {
            case NONE -> Guarantee.kernel(promise, (host.abi() >= 4 ? "landlock tcp rules and " : "")
                    + "seccomp refusing every socket family");
            case ALLOW_LIST -> host.fencesAllowLists()
                    ? Guarantee.kernel(promise, "a network namespace with only loopback, where the egress proxy listens"
                            + " and decides every connection" + (host.abi() >= 4 ? "; landlock allows tcp connect to its"
                            + " port only, and no bind" : "") + "; seccomp refuses unix, vsock and packet sockets")
                    : Guarantee.policy(promise, "no network namespace can be made here ("
                            + NetworkNamespace.unavailable().orElse("") + "): an allow-list is refused");
            case FULL -> Guarantee.policy(promise, "the network is open; the denied destinations are refused by the "
                    + "policy only");
        };
    }

    private static List<Path> insideWriteRoots(Confinement confinement, List<Path> paths) {
        return paths.stream().filter(path -> confinement.writeRoots().stream()
                .anyMatch(root -> path.startsWith(root) && !path.equals(root))).toList();
    }
}
